import type { Db } from '../../db/database';
import { isUuid } from './repository';
import { withSharingTables, type ProjectRole } from './tables';

export type { ProjectRole } from './tables';

/**
 * What the user is to the project: its owner, an editor or a viewer it is shared with, or null
 * (not a member, or no such project — callers answer 404 for both, so a project's existence is
 * never revealed to someone outside it).
 */
export async function projectRole(
  db: Db,
  projectId: string,
  userId: string,
): Promise<ProjectRole | null> {
  if (!isUuid(projectId) || !isUuid(userId)) return null;
  const row = await withSharingTables(db)
    .selectFrom('projects as p')
    .leftJoin('project_members as m', (join) =>
      join.onRef('m.project_id', '=', 'p.id').on('m.user_id', '=', userId),
    )
    .select(['p.user_id as owner_id', 'm.role as member_role'])
    .where('p.id', '=', projectId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.owner_id === userId) return 'owner';
  return row.member_role ?? null;
}

/** Everyone who may see the project: the owner first, then its members; [] for no project. */
export async function projectMemberIds(db: Db, projectId: string): Promise<string[]> {
  if (!isUuid(projectId)) return [];
  const sdb = withSharingTables(db);
  const owner = await sdb
    .selectFrom('projects')
    .select('user_id')
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!owner) return [];
  const members = await sdb
    .selectFrom('project_members')
    .select('user_id')
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
  return [owner.user_id, ...members.map((m) => m.user_id)];
}
