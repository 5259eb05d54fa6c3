import { publishToUsers } from '../../lib/live-events';
import type { PlannerDeps } from './context';
import { projectMemberIds } from './membership';

/**
 * Tells the project's other members (on any process) that it changed, so an open planner or
 * project list refetches. `memberIds` when the project is gone (delete) or a member just left.
 * A courtesy after the commit: it never fails the request.
 */
export async function notifyMembers(
  deps: Pick<PlannerDeps, 'db' | 'shared' | 'log'>,
  projectId: string,
  actorId: string,
  change: string,
  memberIds?: readonly string[],
): Promise<void> {
  try {
    const ids = memberIds ?? (await projectMemberIds(deps.db, projectId));
    const others = ids.filter((id) => id !== actorId);
    await publishToUsers(deps.shared, others, { type: 'project-changed', projectId, change });
  } catch (error) {
    deps.log.warn({ err: error, projectId }, 'project-changed not published');
  }
}
