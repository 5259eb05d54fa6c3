import type { z } from 'zod';
import type { ZAppliedObject } from '@stratum/core/contract/k8s/resources';
import type { Db } from '../../db/database';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { recordAppliedManifests } from './applied-manifests';
import { AppError } from '../../lib/errors';
import type { ClusterConnector, OpenCluster } from './connection';
import { k8sError, KubeHttpError } from './errors';
import { groupVersionPath } from './kinds';
import { kubeRequest } from './kube-request';
import { readManifests, type Manifest } from './manifests';

type TApplied = z.infer<typeof ZAppliedObject>;

/** Field manager of every apply, so `kubectl` and controllers see who owns what. */
export const FIELD_MANAGER = 'stratum';

interface ApiResource {
  name: string;
  kind: string;
  namespaced: boolean;
}

/**
 * Server-side apply of multi-document YAML. Every document is checked before the first is
 * sent; then each is applied in order with the raw JSON (so the cluster sees exactly what was
 * written). Each apply, refused or not, is recorded in the audit trail.
 */
export class ApplyService {
  /** Discovery answers per connection config and group/version, as client-node caches them. */
  private readonly discovery = new WeakMap<object, Map<string, Promise<ApiResource[]>>>();

  constructor(
    private readonly db: Db,
    private readonly connector: ClusterConnector,
  ) {}

  async apply(
    userId: string,
    clusterId: string,
    text: string,
    isDryRun: boolean,
    actor: AuditActor,
  ) {
    const cluster = await this.connector.open(userId, clusterId);
    const objects: TApplied[] = [];
    const warnings: string[] = [];
    // What the cluster accepted, kept (after the loop, also when a later document fails) for
    // drift scans to compare the live objects with.
    const accepted: { manifest: Manifest; namespace: string | undefined }[] = [];
    try {
      const manifests = await readManifests(text);
      try {
        for (const manifest of manifests) {
          const applied = await this.applyOne(cluster, manifest, isDryRun, warnings);
          objects.push(applied);
          accepted.push({ manifest, namespace: applied.namespace });
        }
      } finally {
        if (!isDryRun) await recordAppliedManifests(this.db, userId, clusterId, accepted);
      }
    } catch (error) {
      const failure = k8sError('Apply', error);
      const done = objects.map(
        (o) => `${o.kind} ${o.namespace ? `${o.namespace}/` : ''}${o.name} ${o.result}`,
      );
      const message = done.length
        ? `${failure.message} (applied before it: ${done.join(', ')})`
        : failure.message;
      await this.record(actor, clusterId, { isDryRun, objects, warnings, error: message });
      throw new AppError(failure.code, message);
    }
    await this.record(actor, clusterId, { isDryRun, objects, warnings });
    return { data: { isDryRun, objects, warnings } };
  }

  private async applyOne(
    cluster: OpenCluster,
    manifest: Manifest,
    isDryRun: boolean,
    warnings: string[],
  ): Promise<TApplied> {
    const resource = await this.resourceOf(cluster, manifest);
    const namespace = resource.namespaced ? (manifest.namespace ?? cluster.namespace) : undefined;
    const [group, version] = manifest.apiVersion.includes('/')
      ? manifest.apiVersion.split('/')
      : ['', manifest.apiVersion];
    const path = `${groupVersionPath(group!, version!)}${
      namespace ? `/namespaces/${encodeURIComponent(namespace)}` : ''
    }/${resource.name}/${encodeURIComponent(manifest.name)}`;
    const before = await this.read(cluster, path);
    const response = await kubeRequest(cluster.kubeConfig, {
      method: 'PATCH',
      path,
      query: { fieldManager: FIELD_MANAGER, ...(isDryRun && { dryRun: 'All' }) },
      body: JSON.stringify(manifest.object),
      contentType: 'application/apply-patch+yaml',
    });
    const label = `${manifest.kind} ${namespace ? `${namespace}/` : ''}${manifest.name}`;
    warnings.push(...response.warnings.map((w) => `${label}: ${w}`));
    const after = response.json as Record<string, unknown>;
    return {
      apiVersion: manifest.apiVersion,
      kind: manifest.kind,
      ...(namespace && { namespace }),
      name: manifest.name,
      result:
        response.status === 201 || !before
          ? 'created'
          : isUnchanged(before, after, isDryRun)
            ? 'unchanged'
            : 'configured',
    };
  }

  /** The object as it is now, or null when it does not exist. */
  private async read(cluster: OpenCluster, path: string): Promise<Record<string, unknown> | null> {
    try {
      return (await kubeRequest(cluster.kubeConfig, { path })).json as Record<string, unknown>;
    } catch (error) {
      if (error instanceof KubeHttpError && error.status === 404) return null;
      throw error;
    }
  }

  /** The plural resource and scope of a kind, from the cluster's discovery (cached). */
  private async resourceOf(cluster: OpenCluster, manifest: Manifest): Promise<ApiResource> {
    const perConfig =
      this.discovery.get(cluster.kubeConfig) ?? new Map<string, Promise<ApiResource[]>>();
    this.discovery.set(cluster.kubeConfig, perConfig);
    let resources = perConfig.get(manifest.apiVersion);
    if (!resources) {
      const [group, version] = manifest.apiVersion.includes('/')
        ? manifest.apiVersion.split('/')
        : ['', manifest.apiVersion];
      resources = kubeRequest(cluster.kubeConfig, {
        path: groupVersionPath(group!, version!),
      }).then((r) =>
        ((r.json as { resources?: ApiResource[] }).resources ?? []).filter(
          (x) => !x.name.includes('/'),
        ),
      );
      perConfig.set(manifest.apiVersion, resources);
      // A failed discovery is asked again next time.
      void resources.catch(() => perConfig.delete(manifest.apiVersion));
    }
    let found: ApiResource | undefined;
    try {
      found = (await resources).find((r) => r.kind === manifest.kind);
    } catch (error) {
      if (error instanceof KubeHttpError && error.status === 404) found = undefined;
      else throw error;
    }
    if (!found) {
      throw new KubeHttpError(
        404,
        JSON.stringify({
          message: `the cluster does not serve ${manifest.kind} in ${manifest.apiVersion}`,
        }),
      );
    }
    return found;
  }

  private async record(
    actor: AuditActor,
    clusterId: string,
    after: { isDryRun: boolean; objects: TApplied[]; warnings: string[]; error?: string },
  ): Promise<void> {
    await writeAudit(this.db, actor, {
      action: after.isDryRun ? 'k8s.apply.dry-run' : 'k8s.apply',
      targetType: 'k8s_cluster',
      targetId: clusterId,
      after,
    });
  }
}

/**
 * A real apply that changed nothing keeps the resourceVersion. A dry run never writes, so its
 * resourceVersion says nothing: the objects are compared without their write bookkeeping.
 */
function isUnchanged(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  isDryRun: boolean,
): boolean {
  const rv = (o: Record<string, unknown>) =>
    (o.metadata as { resourceVersion?: string } | undefined)?.resourceVersion;
  if (!isDryRun) return rv(before) === rv(after);
  return stable(withoutBookkeeping(before)) === stable(withoutBookkeeping(after));
}

function withoutBookkeeping(object: Record<string, unknown>): Record<string, unknown> {
  const {
    resourceVersion: _rv,
    managedFields: _mf,
    generation: _g,
    ...metadata
  } = (object.metadata as Record<string, unknown> | undefined) ?? {};
  return { ...object, metadata };
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : 1,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
