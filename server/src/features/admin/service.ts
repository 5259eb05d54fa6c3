import { ADMIN_MSG, canManageUser, type TUserAction } from '@stratum/core/admin';
import type { TPlanId, TRole } from '@stratum/core/contract/common';
import type { TListUsersQuery } from '@stratum/core/contract/admin/list-users';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { presentAdminUser } from './presenters';
import * as repo from './repository';

export interface AdminDeps {
  db: Db;
  /** Subscriptions: sets a plan inside the caller's transaction. */
  plans: { assign(trx: Db, userId: string, plan: TPlanId, days?: number): Promise<void> };
  /** The session cache. */
  sessions: {
    userChanged(userId: string): Promise<void>;
    revoked(sessionIds: string[]): Promise<void>;
  };
}

/** The users area of the admin panel; every change is checked by `canManageUser` and audited. */
export class AdminUsersService {
  constructor(private readonly deps: AdminDeps) {}

  async list(query: TListUsersQuery) {
    const { rows, total } = await repo.listUsers(this.deps.db, query);
    return { items: rows.map(presentAdminUser), total };
  }

  changeRole(actor: AuditActor, targetId: string, role: TRole) {
    return this.change(actor, targetId, 'role', role, (trx) =>
      repo.updateUser(trx, targetId, { role }),
    );
  }

  changePlan(actor: AuditActor, targetId: string, planId: TPlanId, days?: number) {
    return this.change(actor, targetId, 'plan', undefined, async (trx) => {
      await this.deps.plans.assign(trx, targetId, planId, days);
      return (await repo.findUser(trx, targetId))!;
    });
  }

  changeCredits(actor: AuditActor, targetId: string, credits: number) {
    return this.change(actor, targetId, 'credits', undefined, (trx) =>
      repo.updateUser(trx, targetId, { credits }),
    );
  }

  async setDisabled(actor: AuditActor, targetId: string, isDisabled: boolean) {
    let revoked: string[] = [];
    const user = await this.change(actor, targetId, 'disable', undefined, async (trx, before) => {
      if (isDisabled === (before.disabled_at !== null)) return before;
      if (isDisabled) revoked = await repo.revokeSessions(trx, targetId);
      return repo.updateUser(trx, targetId, { disabled_at: isDisabled ? new Date() : null });
    });
    await this.deps.sessions.revoked(revoked);
    return user;
  }

  async delete(actor: AuditActor, targetId: string): Promise<void> {
    const { db, sessions } = this.deps;
    const revoked = await db.transaction().execute(async (trx) => {
      const target = await this.guard(trx, actor, targetId, 'delete');
      const ids = await repo.revokeSessions(trx, targetId);
      await repo.deleteUser(trx, targetId);
      await writeAudit(trx, actor, {
        action: 'users.delete',
        targetType: 'user',
        targetId,
        before: presentAdminUser(target),
      });
      return ids;
    });
    await sessions.revoked(revoked);
    await sessions.userChanged(targetId);
  }

  private async change(
    actor: AuditActor,
    targetId: string,
    action: Exclude<TUserAction, 'delete'>,
    newRole: TRole | undefined,
    apply: (trx: Db, before: UserRow) => Promise<UserRow>,
  ) {
    const after = await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.guard(trx, actor, targetId, action, newRole);
      const row = await apply(trx, before);
      await writeAudit(trx, actor, {
        action: `users.${action}`,
        targetType: 'user',
        targetId,
        before: presentAdminUser(before),
        after: presentAdminUser(row),
      });
      return row;
    });
    await this.deps.sessions.userChanged(targetId);
    return presentAdminUser(after);
  }

  /** Loads and locks the target, then applies the rules of `canManageUser`. */
  private async guard(
    trx: Db,
    actor: AuditActor,
    targetId: string,
    action: TUserAction,
    newRole?: TRole,
  ): Promise<UserRow> {
    const target = await repo.lockUser(trx, targetId);
    if (!target) throw new AppError('request/not_found', ADMIN_MSG.userNotFound);
    const verdict = canManageUser(actor, target, action, newRole);
    if (!verdict.isAllowed) throw new AppError('auth/forbidden', verdict.message);
    return target;
  }
}
