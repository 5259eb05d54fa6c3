import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The projects a user may read from features other than the planner (cost history, the drift
 * patch): the ones they own and the ones shared with them as viewer or editor
 * (`project_members`, the planner's table).
 */
export function visibleTo(userId: string) {
  return (eb: ExpressionBuilder<Database, 'projects'>) =>
    eb.or([
      eb('projects.user_id', '=', userId),
      eb.exists(
        sql`(select 1 from project_members m where m.project_id = projects.id and m.user_id = ${userId})`,
      ),
    ]);
}
