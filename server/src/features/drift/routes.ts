import type { FastifyInstance } from 'fastify';
import {
  createConnection,
  deleteConnection,
  listConnections,
} from '@stratum/core/contract/drift/connections';
import {
  createDriftSchedule,
  createIgnoreRule,
  deleteDriftSchedule,
  deleteIgnoreRule,
  getDriftPatch,
  getDriftScan,
  listDriftSchedules,
  listDriftScans,
  listIgnoreRules,
  runDriftScan,
} from '@stratum/core/contract/drift/scans';
import type { TPlanId } from '@stratum/core/contract/common';
import { SOURCE_MAX_BYTES } from '@stratum/core/contract/inventory/model';
import type { Inbox } from '@stratum/core/inbox';
import type { Db } from '../../db/database';
import type { EgressPolicy } from '../../lib/egress';
import { AppError } from '../../lib/errors';
import { actorOf } from '../../lib/audit';
import { addRoute, type Authenticator } from '../../lib/route';
import { ConnectionsService } from './connections-service';
import type { ClusterLists } from './k8s-reader';
import { PatchService } from './patch-service';
import { presentScanItem } from './presenters';
import { listScans } from './repository';
import { RulesService } from './rules-service';
import { ScanService, type DriftSources } from './scan-service';
import { SchedulesService } from './schedules';

/** Both sides of a scan may be large files; escaping in JSON makes them longer still. */
const SCAN_BODY_LIMIT = 2 * SOURCE_MAX_BYTES + 16 * 1024 * 1024;
const SCANS_PER_MINUTE = 30;

export interface DriftDeps {
  db: Db;
  sources: DriftSources;
  plans: { state(userId: string): Promise<{ currentPlan: TPlanId }> };
  egress: EgressPolicy;
  encryptionKey: Buffer;
  inbox: Inbox<Db>;
  /** The Kubernetes adapter's lists, for live compares with what Stratum applied. */
  clusters: ClusterLists;
  log: { error(obj: object, msg: string): void };
}

/** Issue 14 §4–6: scans, their history and patch, ignore rules, schedules, connections. */
export async function registerDriftRoutes(
  app: FastifyInstance,
  deps: DriftDeps,
  authenticate: Authenticator,
): Promise<SchedulesService> {
  const connections = new ConnectionsService(deps);
  const scans = new ScanService({ ...deps, connections });
  const rules = new RulesService(scans.db, deps.sources);
  const patches = new PatchService(deps.db, scans);
  const schedules = new SchedulesService({
    db: scans.db,
    appDb: deps.db,
    sources: deps.sources,
    connections,
    clusters: deps.clusters,
    scans,
    inbox: deps.inbox,
    log: deps.log,
  });

  await app.register((scope, _options, done) => {
    scope.setErrorHandler((error) => {
      if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new AppError(
          'request/too_large',
          `The scan's files are larger than ${SOURCE_MAX_BYTES / 1024 / 1024} MB each, the most a file may be.`,
        );
      }
      throw error;
    });
    addRoute(
      scope,
      authenticate,
      runDriftScan,
      async ({ auth, body, request }) => ({
        data: await scans.run(auth.user.id, body, 'manual', actorOf(auth, request)),
      }),
      { bodyLimit: SCAN_BODY_LIMIT, rateLimitPerMinute: SCANS_PER_MINUTE },
    );
    done();
  });
  addRoute(app, authenticate, listDriftScans, async ({ auth, query }) => ({
    data: { items: (await listScans(scans.db, auth.user.id, query)).map(presentScanItem) },
  }));
  addRoute(app, authenticate, getDriftScan, async ({ auth, params }) => ({
    data: await scans.get(auth.user.id, params.id),
  }));
  addRoute(app, authenticate, getDriftPatch, async ({ auth, params }) => ({
    data: await patches.patch(auth.user.id, params.id),
  }));

  addRoute(app, authenticate, listIgnoreRules, async ({ auth }) => ({
    data: { items: await rules.list(auth.user.id) },
  }));
  addRoute(app, authenticate, createIgnoreRule, async ({ auth, body, request }) => ({
    data: await rules.create(actorOf(auth, request), body),
  }));
  addRoute(app, authenticate, deleteIgnoreRule, async ({ auth, params, request }) => {
    await rules.remove(actorOf(auth, request), params.id);
    return { message: 'Ignore rule removed' };
  });

  addRoute(app, authenticate, listDriftSchedules, async ({ auth }) => ({
    data: { items: await schedules.list(auth.user.id) },
  }));
  addRoute(app, authenticate, createDriftSchedule, async ({ auth, body, request }) => ({
    data: await schedules.create(actorOf(auth, request), body),
  }));
  addRoute(app, authenticate, deleteDriftSchedule, async ({ auth, params, request }) => {
    await schedules.remove(actorOf(auth, request), params.id);
    return { message: 'Schedule removed' };
  });

  addRoute(app, authenticate, listConnections, async ({ auth }) => ({
    data: { items: await connections.list(auth.user.id) },
  }));
  addRoute(
    app,
    authenticate,
    createConnection,
    async ({ auth, body, request }) => ({
      data: await connections.create(actorOf(auth, request), body),
    }),
    { rateLimitPerMinute: 10 },
  );
  addRoute(app, authenticate, deleteConnection, async ({ auth, params, request }) => {
    await connections.remove(actorOf(auth, request), params.id);
    return { message: 'Connection removed' };
  });

  schedules.start();
  app.addHook('onClose', () => schedules.stop());
  return schedules;
}
