import type { TOnboardingMap } from '@stratum/core/contract/onboarding/get-onboarding';
import type { TSaveOnboardingBody } from '@stratum/core/contract/onboarding/save-onboarding';
import type { Db } from '../../db/database';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { LiveEvents } from '../../lib/live-events';
import type { ProjectAccess } from '../../lib/project-access';
import { withOnboardingTables } from './tables';

const notFound = () => new AppError('request/not_found', 'Project not found');

/** The tour record per project and user; a save is pushed live to the project's other members. */
export class OnboardingService {
  constructor(
    private readonly db: Db,
    private readonly access: ProjectAccess,
    private readonly live: LiveEvents,
  ) {}

  /** The records of the project's current members; 404 for a project the user may not see. */
  async records(userId: string, projectId: string): Promise<TOnboardingMap> {
    if (!(await this.access.role(projectId, userId))) throw notFound();
    const members = await this.access.memberIds(projectId);
    if (members.length === 0) return {};
    const rows = await withOnboardingTables(this.db)
      .selectFrom('onboarding_progress')
      .select(['user_id', 'step', 'dismissed'])
      .where('project_id', '=', projectId)
      .where('user_id', 'in', members)
      .execute();
    return Object.fromEntries(
      rows.map((row) => [row.user_id, { step: row.step, dismissed: row.dismissed }]),
    );
  }

  /** Saves the actor's own record (any member, viewers too: the tour is theirs, not the design's). */
  async save(
    actor: AuditActor & { id: string },
    projectId: string,
    input: TSaveOnboardingBody,
  ): Promise<TSaveOnboardingBody> {
    if (!(await this.access.role(projectId, actor.id))) throw notFound();
    if (input.userId !== actor.id) {
      throw new AppError('auth/forbidden', 'You can only save your own onboarding progress.');
    }
    const record = { userId: actor.id, step: input.step, dismissed: input.dismissed };
    await this.db.transaction().execute(async (trx) => {
      const before = await withOnboardingTables(trx)
        .selectFrom('onboarding_progress')
        .select(['step', 'dismissed'])
        .where('project_id', '=', projectId)
        .where('user_id', '=', actor.id)
        .forUpdate()
        .executeTakeFirst();
      await withOnboardingTables(trx)
        .insertInto('onboarding_progress')
        .values({
          project_id: projectId,
          user_id: actor.id,
          step: record.step,
          dismissed: record.dismissed,
        })
        .onConflict((oc) =>
          oc.columns(['project_id', 'user_id']).doUpdateSet({
            step: record.step,
            dismissed: record.dismissed,
            updated_at: new Date(),
          }),
        )
        .execute();
      await writeAudit(trx, actor, {
        action: 'onboarding.save',
        targetType: 'project',
        targetId: projectId,
        before,
        after: { step: record.step, dismissed: record.dismissed },
      });
    });
    const others = (await this.access.memberIds(projectId)).filter((id) => id !== actor.id);
    await this.live.publishToUsers(others, { type: 'onboarding-update', projectId, ...record });
    return record;
  }
}
