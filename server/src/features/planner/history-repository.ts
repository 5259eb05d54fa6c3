import { sql, type Selectable } from 'kysely';
import { MAX_SNAPSHOTS_PER_PROJECT } from '@stratum/core/contract/planner/snapshot';
import type { Db } from '../../db/database';
import type { ProjectGenerationsTable, ProjectSnapshotsTable } from '../../db/schema';
import { isUuid } from './repository';

export type GenerationRow = Selectable<ProjectGenerationsTable>;
export type GenerationSummaryRow = Omit<GenerationRow, 'files' | 'report'>;
export type SnapshotRow = Selectable<ProjectSnapshotsTable>;
export type SnapshotSummaryRow = Omit<SnapshotRow, 'data'>;

/** A generation's columns for the history list: all but its files and report. */
const SUMMARY_COLUMNS = [
  'id',
  'project_id',
  'format',
  'layout',
  'options',
  'revision',
  'file_count',
  'warning_count',
  'created_at',
] as const;

/** Every column of a generation but its files. */
const GENERATION_COLUMNS = [...SUMMARY_COLUMNS, 'report'] as const;

/** Stored generations kept per project: the newest; older ones are dropped. */
export const MAX_GENERATIONS_PER_PROJECT = 100;

/**
 * Stores a generation whose files are JSON text (written by the job's worker thread), and
 * answers the row without them: the event loop neither serialises nor parses them back.
 */
export async function insertGeneration(
  trx: Db,
  values: Omit<GenerationRow, 'id' | 'created_at' | 'files'>,
  filesJson: string,
): Promise<Omit<GenerationRow, 'files'>> {
  const row = await trx
    .insertInto('project_generations')
    .values({
      ...values,
      options: JSON.stringify(values.options),
      files: filesJson,
      report: JSON.stringify(values.report),
    })
    .returning(GENERATION_COLUMNS)
    .executeTakeFirstOrThrow();
  await keepNewest(trx, 'project_generations', values.project_id, MAX_GENERATIONS_PER_PROJECT);
  return row;
}

/** Drops a project's oldest generations or deployments past `limit` (newest first, then id). */
export async function keepNewest(
  trx: Db,
  table: 'project_generations' | 'project_deployments',
  projectId: string,
  limit: number,
): Promise<void> {
  const newest = sql.ref(table === 'project_generations' ? 'created_at' : 'started_at');
  await sql`DELETE FROM ${sql.table(table)} WHERE project_id = ${projectId} AND id NOT IN (
    SELECT id FROM ${sql.table(table)} WHERE project_id = ${projectId}
    ORDER BY ${newest} DESC, id DESC LIMIT ${limit}
  )`.execute(trx);
}

export function listGenerations(db: Db, projectId: string): Promise<GenerationSummaryRow[]> {
  return db
    .selectFrom('project_generations')
    .select(SUMMARY_COLUMNS)
    .where('project_id', '=', projectId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A generation with its files as the JSON text stored (answered as they are: presenters). */
export function findGeneration(
  db: Db,
  projectId: string,
  id: string,
): Promise<(Omit<GenerationRow, 'files'> & { files_json: string }) | undefined> {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return db
    .selectFrom('project_generations')
    .select(GENERATION_COLUMNS)
    .select(sql<string>`files::text`.as('files_json'))
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Adds a snapshot, then keeps the project at 50 (§9): the oldest automatic ones go first, then
 * the oldest manual ones; the snapshot just taken (and any in `keep`) is never dropped.
 */
export async function insertSnapshot(
  trx: Db,
  values: {
    projectId: string;
    type: 'manual' | 'auto';
    description: string;
    tags: string[];
    data: unknown;
    revision: number;
    generationId?: string;
    /** Snapshots never dropped by this insert (the one a restore is reading). */
    keep?: string[];
  },
): Promise<SnapshotRow> {
  const row = await trx
    .insertInto('project_snapshots')
    .values({
      project_id: values.projectId,
      type: values.type,
      description: values.description,
      tags: JSON.stringify(values.tags),
      data: JSON.stringify(values.data),
      revision: values.revision,
      generation_id: values.generationId ?? null,
      // Real time even inside a transaction, in microseconds: the drop order relies on it.
      created_at: sql<Date>`clock_timestamp()`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const { n } = await trx
    .selectFrom('project_snapshots')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', values.projectId)
    .executeTakeFirstOrThrow();
  const excess = Number(n) - MAX_SNAPSHOTS_PER_PROJECT;
  if (excess > 0) {
    const drop = await trx
      .selectFrom('project_snapshots')
      .select('id')
      .where('project_id', '=', values.projectId)
      .where('id', 'not in', [row.id, ...(values.keep ?? [])])
      .orderBy((eb) => eb.case().when('type', '=', 'auto').then(0).else(1).end())
      .orderBy('created_at')
      .orderBy('id')
      .limit(excess)
      .execute();
    await trx
      .deleteFrom('project_snapshots')
      .where(
        'id',
        'in',
        drop.map((d) => d.id),
      )
      .execute();
  }
  return row;
}

export function listSnapshots(db: Db, projectId: string): Promise<SnapshotSummaryRow[]> {
  return db
    .selectFrom('project_snapshots')
    .select([
      'id',
      'project_id',
      'type',
      'description',
      'tags',
      'revision',
      'generation_id',
      'created_at',
    ])
    .where('project_id', '=', projectId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findSnapshot(
  db: Db,
  projectId: string,
  id: string,
): Promise<SnapshotRow | undefined> {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return db
    .selectFrom('project_snapshots')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function deleteSnapshot(db: Db, projectId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const result = await db
    .deleteFrom('project_snapshots')
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
