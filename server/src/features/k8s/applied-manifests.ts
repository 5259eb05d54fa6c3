import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';
import type { Manifest } from './manifests';
import type { Insertable } from 'kysely';
import { withK8sTables, type K8sAppliedManifestsTable } from './tables';

/** A manifest as it was applied to one object, read back for the drift compare. */
export interface TAppliedManifest {
  apiVersion: string;
  kind: string;
  /** Undefined for a cluster-scoped object. */
  namespace: string | undefined;
  name: string;
  manifest: Record<string, unknown>;
  appliedAt: Date;
}

/** A secret's value kept as its digest: `sha256:<hex>` of the bytes it stands for. */
export const secretDigest = (bytes: Buffer | string): string =>
  `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/**
 * The manifest with a Secret's values replaced by their digests: `data` is base64 (the digest
 * of the decoded bytes), `stringData` plain text (the digest of its UTF-8 bytes), so both compare
 * with the live object's `data`.
 */
export function storableManifest(manifest: Manifest): Record<string, unknown> {
  if (manifest.kind !== 'Secret') return manifest.object;
  const { data, stringData, ...rest } = manifest.object as {
    data?: Record<string, unknown>;
    stringData?: Record<string, unknown>;
  };
  const digests: Record<string, string> = {};
  for (const [key, value] of Object.entries(data ?? {})) {
    if (typeof value === 'string') digests[key] = secretDigest(Buffer.from(value, 'base64'));
  }
  // stringData wins over data for the same key, as the API server merges them.
  for (const [key, value] of Object.entries(stringData ?? {})) {
    if (typeof value === 'string') digests[key] = secretDigest(value);
  }
  return Object.keys(digests).length > 0 ? { ...rest, data: digests } : rest;
}

/** Keeps what was applied to each object (the newest apply wins). */
export async function recordAppliedManifests(
  db: Db,
  userId: string,
  clusterId: string,
  applied: readonly { manifest: Manifest; namespace: string | undefined }[],
): Promise<void> {
  // One statement may not touch a row twice: the later document of one apply wins.
  const rows = new Map<string, Insertable<K8sAppliedManifestsTable>>();
  for (const { manifest, namespace } of applied) {
    const row = {
      cluster_id: clusterId,
      user_id: userId,
      api_version: manifest.apiVersion,
      kind: manifest.kind,
      namespace: namespace ?? '',
      name: manifest.name,
      manifest: JSON.stringify(storableManifest(manifest)),
      applied_at: new Date(),
    };
    rows.set(`${row.kind}\u0000${row.namespace}\u0000${row.name}`, row);
  }
  if (rows.size === 0) return;
  await withK8sTables(db)
    .insertInto('k8s_applied_manifests')
    .values([...rows.values()])
    .onConflict((oc) =>
      oc.columns(['cluster_id', 'kind', 'namespace', 'name']).doUpdateSet((eb) => ({
        user_id: eb.ref('excluded.user_id'),
        api_version: eb.ref('excluded.api_version'),
        manifest: eb.ref('excluded.manifest'),
        applied_at: eb.ref('excluded.applied_at'),
      })),
    )
    .execute();
}

/** What the user applied to a cluster through Stratum, one manifest per object. */
export async function appliedManifests(
  db: Db,
  userId: string,
  clusterId: string,
): Promise<TAppliedManifest[]> {
  const rows = await withK8sTables(db)
    .selectFrom('k8s_applied_manifests')
    .selectAll()
    .where('cluster_id', '=', clusterId)
    .where('user_id', '=', userId)
    .orderBy('kind')
    .orderBy('namespace')
    .orderBy('name')
    .execute();
  return rows.map((r) => ({
    apiVersion: r.api_version,
    kind: r.kind,
    namespace: r.namespace === '' ? undefined : r.namespace,
    name: r.name,
    manifest: (r.manifest ?? {}) as Record<string, unknown>,
    appliedAt: r.applied_at,
  }));
}
