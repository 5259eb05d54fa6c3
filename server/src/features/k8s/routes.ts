import type { FastifyInstance } from 'fastify';
import { deleteCluster, listClusters, pasteKubeconfig } from '@stratum/core/contract/k8s/clusters';
import { applyManifests, getPod, listResources } from '@stratum/core/contract/k8s/resources';
import type { Db } from '../../db/database';
import { actorOf } from '../../lib/audit';
import type { EgressPolicy } from '../../lib/egress';
import { addRoute, type Authenticator } from '../../lib/route';
import { ApplyService } from './apply-service';
import { ClustersService } from './clusters-service';
import { ClusterConnector } from './connection';
import { ResourcesService } from './resources-service';

export interface K8sDeps {
  db: Db;
  egress: EgressPolicy;
  encryptionKey: Buffer;
}

/** Bodies of paste and apply are text whatever the content type says (YAML, JSON or plain). */
const TEXT_TYPES = [
  'text/plain',
  'application/yaml',
  'application/x-yaml',
  'text/yaml',
  'application/json',
];

/**
 * §7 "Kubernetes adapter": a user's own clusters and what is in them. Any signed-in user may
 * paste, read and apply to their own clusters; the Kubernetes RBAC of the pasted credentials
 * decides what the cluster allows (docs/k8s.md). Staff roles see no one else's clusters.
 * Answers the connector, which the streams share.
 */
export async function registerK8sRoutes(
  app: FastifyInstance,
  deps: K8sDeps,
  authenticate: Authenticator,
): Promise<ClusterConnector> {
  const connector = new ClusterConnector(deps);
  app.addHook('onClose', () => connector.close());
  const clusters = new ClustersService({ ...deps, connector });
  const resources = new ResourcesService(connector);
  const apply = new ApplyService(deps.db, connector);

  await app.register((scope, _options, done) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(TEXT_TYPES, { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });

    addRoute(scope, authenticate, listClusters, async ({ auth }) => {
      const data = await clusters.list(auth.user.id);
      return { data, items: data };
    });

    addRoute(scope, authenticate, pasteKubeconfig, async ({ auth, body, request }) =>
      clusters.paste(actorOf(auth, request), body),
    );

    addRoute(scope, authenticate, deleteCluster, async ({ auth, params, request }) => {
      await clusters.remove(actorOf(auth, request), params.clusterId);
      return { message: 'Cluster removed' };
    });

    addRoute(scope, authenticate, getPod, async ({ auth, params }) =>
      resources.getPod(auth.user.id, params.clusterId, params.namespace, params.name),
    );

    addRoute(scope, authenticate, listResources, async ({ auth, params, query }) =>
      resources.list(auth.user.id, params.clusterId, params.kind, query),
    );

    addRoute(scope, authenticate, applyManifests, async ({ auth, params, query, body, request }) =>
      apply.apply(
        auth.user.id,
        params.clusterId,
        body,
        query.dryRun === 'true',
        actorOf(auth, request),
      ),
    );
    done();
  });
  return connector;
}
