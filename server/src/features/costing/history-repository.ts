import type { Db } from '../../db/database';
import { visibleTo } from '../../lib/project-visibility';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads (never writes) the planner's tables: the project, its generations and the snapshot each
 * generation took of the design. Only a project the user owns or is a member of is found.
 */
export function findVisibleProject(db: Db, userId: string, projectId: string) {
  if (!UUID.test(projectId)) return Promise.resolve(undefined);
  return db
    .selectFrom('projects')
    .select(['id', 'name', 'state', 'revision'])
    .where('id', '=', projectId)
    .where(visibleTo(userId))
    .executeTakeFirst();
}

export interface GenerationDesign {
  id: string;
  format: 'terraform' | 'bicep' | 'arm';
  revision: number;
  createdAt: Date;
  /** The planner state the generation was made from; undefined once its snapshot is dropped. */
  state: unknown;
}

/** The project's generations, oldest first, each with the design its snapshot kept. */
export async function generationDesigns(db: Db, projectId: string): Promise<GenerationDesign[]> {
  const generations = await db
    .selectFrom('project_generations')
    .select(['id', 'format', 'revision', 'created_at'])
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  if (generations.length === 0) return [];
  const snapshots = await db
    .selectFrom('project_snapshots')
    .select(['generation_id', 'data'])
    .where('project_id', '=', projectId)
    .where(
      'generation_id',
      'in',
      generations.map((g) => g.id),
    )
    .execute();
  const byGeneration = new Map(snapshots.map((s) => [s.generation_id, s.data]));
  return generations.map((g) => ({
    id: g.id,
    format: g.format,
    revision: g.revision,
    createdAt: g.created_at,
    state: byGeneration.get(g.id),
  }));
}
