import { sql } from 'kysely';
import type { TInventoryInstance, TParsedSource } from '@stratum/core/inventory/model';
import type { TSourceKind } from '@stratum/core/contract/inventory/model';
import { storable } from './storable';
import type { InventoryDb, InstanceRow, SourceRow, VersionRow } from './tables';

/** Versions kept per source; older ones go with their instances. */
export const KEPT_VERSIONS = 20;
/** Rows per INSERT: 26 columns × 500 stays far below PostgreSQL's 65,535 parameters. */
const BATCH = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export function findOwnSource(db: InventoryDb, userId: string, sourceId: string) {
  if (!isUuid(sourceId)) return Promise.resolve(undefined);
  return db
    .selectFrom('inventory_sources')
    .selectAll()
    .where('id', '=', sourceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function insertSource(db: InventoryDb, userId: string, name: string, kind: TSourceKind) {
  return db
    .insertInto('inventory_sources')
    .values({ user_id: userId, name, kind })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface VersionMeta {
  bytes: number;
  sha256: string;
  origin: VersionRow['origin'];
}

/**
 * Stores a parsed file as the newest version of a source: the version before it stops being
 * current, the instances are written in batches, versions past the newest 20 are dropped.
 * Call inside a transaction; the source row is locked so two imports number apart.
 */
export async function insertVersion(
  trx: InventoryDb,
  source: SourceRow,
  parsed: TParsedSource,
  meta: VersionMeta,
): Promise<VersionRow> {
  await trx
    .selectFrom('inventory_sources')
    .select('id')
    .where('id', '=', source.id)
    .forUpdate()
    .execute();
  const last = await trx
    .selectFrom('inventory_versions')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('source_id', '=', source.id)
    .executeTakeFirst();
  await trx
    .updateTable('inventory_versions')
    .set({ is_current: false })
    .where('source_id', '=', source.id)
    .where('is_current', '=', true)
    .execute();
  await trx
    .updateTable('inventory_instances')
    .set({ is_current: false })
    .where('source_id', '=', source.id)
    .where('is_current', '=', true)
    .execute();
  const now = new Date();
  const version = await trx
    .insertInto('inventory_versions')
    .values({
      source_id: source.id,
      version: (last?.version ?? 0) + 1,
      is_current: true,
      imported_at: now,
      bytes: meta.bytes,
      sha256: meta.sha256,
      counts: JSON.stringify(parsed.counts),
      warnings: JSON.stringify(parsed.warnings),
      outputs: JSON.stringify(parsed.outputs),
      terraform_version: parsed.terraformVersion,
      serial: parsed.serial,
      lineage: parsed.lineage,
      origin: meta.origin,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (let i = 0; i < parsed.instances.length; i += BATCH) {
    const rows = parsed.instances.slice(i, i + BATCH).map((instance, j) => ({
      ...instanceColumns(instance),
      version_id: version.id,
      source_id: source.id,
      user_id: source.user_id,
      is_current: true,
      ord: i + j,
      last_seen_at: now,
    }));
    await trx.insertInto('inventory_instances').values(rows).execute();
  }
  await trx
    .deleteFrom('inventory_versions')
    .where('source_id', '=', source.id)
    .where('version', '<=', version.version - KEPT_VERSIONS)
    .execute();
  await trx
    .updateTable('inventory_sources')
    .set({ updated_at: now })
    .where('id', '=', source.id)
    .execute();
  return version;
}

const jsonb = (value: unknown) => JSON.stringify(value);

function instanceColumns(instance: TInventoryInstance) {
  const i = storable(instance);
  return {
    address: i.address,
    module: i.module,
    mode: i.mode,
    type: i.type,
    name: i.name,
    provider: i.provider,
    cloud: i.cloud,
    region: i.region,
    cloud_id: i.cloudId,
    display_name: i.displayName,
    tags: jsonb(i.tags),
    attributes: jsonb(i.attributes),
    sensitive_paths: jsonb(i.sensitivePaths),
    dependencies: jsonb(i.dependencies),
    refs: jsonb(i.references),
    action: i.action,
    previous_address: i.previousAddress ?? null,
    action_reason: i.actionReason ?? null,
  };
}

/** The row back as the parser made it (for buildGraph, drift and comparisons). */
export function instanceOf(row: InstanceRow): TInventoryInstance {
  return {
    address: row.address,
    module: row.module,
    mode: row.mode,
    type: row.type,
    name: row.name,
    provider: row.provider,
    cloud: row.cloud as TInventoryInstance['cloud'],
    region: row.region,
    cloudId: row.cloud_id,
    displayName: row.display_name,
    tags: row.tags,
    attributes: row.attributes,
    sensitivePaths: row.sensitive_paths,
    dependencies: row.dependencies,
    references: row.refs,
    action: row.action as TInventoryInstance['action'],
    previousAddress: row.previous_address,
    actionReason: row.action_reason,
  };
}

export function versionsOf(db: InventoryDb, sourceIds: readonly string[]) {
  if (sourceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('inventory_versions')
    .selectAll()
    .where('source_id', 'in', sourceIds)
    .orderBy('version', 'desc')
    .execute();
}

export function instancesOf(db: InventoryDb, versionId: string) {
  return db
    .selectFrom('inventory_instances')
    .selectAll()
    .where('version_id', '=', versionId)
    .orderBy('ord')
    .execute();
}

/** A stored version as `parseSource` answered it. */
export async function parsedOf(
  db: InventoryDb,
  source: SourceRow,
  version: VersionRow,
): Promise<{ parsed: TParsedSource; rows: InstanceRow[] }> {
  const rows = await instancesOf(db, version.id);
  return { rows, parsed: versionParsed(source, version, rows.map(instanceOf)) };
}

/** A version's metadata with its instances, as `parseSource` answered it. */
function versionParsed(
  source: SourceRow,
  version: VersionRow,
  instances: TParsedSource['instances'],
): TParsedSource {
  return {
    kind: source.kind,
    counts: version.counts,
    warnings: version.warnings,
    terraformVersion: version.terraform_version,
    serial: version.serial,
    lineage: version.lineage,
    instances,
    outputs: version.outputs,
  };
}

export function listOwnSources(db: InventoryDb, userId: string) {
  return db
    .selectFrom('inventory_sources')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
}

export function refreshesOf(db: InventoryDb, sourceIds: readonly string[]) {
  if (sourceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('inventory_refresh')
    .selectAll()
    .where('source_id', 'in', sourceIds)
    .execute();
}

export async function deleteOwnSource(db: InventoryDb, userId: string, sourceId: string) {
  if (!isUuid(sourceId)) return false;
  const result = await db
    .deleteFrom('inventory_sources')
    .where('id', '=', sourceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Versions of a source in which each address was present, newest first. */
export async function addressHistory(db: InventoryDb, sourceId: string, address: string) {
  const { rows } = await sql<{ version: number; imported_at: Date; present: boolean }>`
    SELECT v.version, v.imported_at,
      EXISTS (SELECT 1 FROM inventory_instances i
              WHERE i.version_id = v.id AND i.address = ${address}) AS present
    FROM inventory_versions v
    WHERE v.source_id = ${sourceId}
    ORDER BY v.version DESC
    LIMIT 20`.execute(db);
  return rows;
}

/**
 * A version's instances without their attributes: what the graph reads (dependencies,
 * references, modules), at a fraction of a large state's bytes.
 */
export async function graphParsedOf(
  db: InventoryDb,
  source: SourceRow,
  version: VersionRow,
): Promise<{ parsed: TParsedSource; rows: Omit<InstanceRow, 'attributes'>[] }> {
  const rows = await db
    .selectFrom('inventory_instances')
    .select([
      'id',
      'version_id',
      'source_id',
      'user_id',
      'is_current',
      'ord',
      'address',
      'module',
      'mode',
      'type',
      'name',
      'provider',
      'cloud',
      'region',
      'cloud_id',
      'display_name',
      'tags',
      'sensitive_paths',
      'dependencies',
      'refs',
      'action',
      'previous_address',
      'action_reason',
      'last_seen_at',
    ])
    .where('version_id', '=', version.id)
    .orderBy('ord')
    .execute();
  return {
    rows,
    parsed: versionParsed(
      source,
      version,
      rows.map((row) => instanceOf({ ...row, attributes: {} })),
    ),
  };
}

export function currentVersionOf(db: InventoryDb, sourceId: string) {
  return db
    .selectFrom('inventory_versions')
    .selectAll()
    .where('source_id', '=', sourceId)
    .where('is_current', '=', true)
    .executeTakeFirst();
}
