import type { FastifyRequest } from 'fastify';
import type { TRole } from '@stratum/core/contract/common';
import type { Db } from '../db/database';
import type { RequestAuth } from './route';

/** Who did a staff action, from where. */
export interface AuditActor {
  id: string;
  email: string;
  role: TRole;
  ip: string | null;
}

export interface AuditEntry {
  /** `area.verb`, e.g. `users.role`, `vouchers.create`, `requests.approve`. */
  action: string;
  targetType: string;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
}

export function actorOf(auth: RequestAuth, request: FastifyRequest): AuditActor {
  return { id: auth.user.id, email: auth.user.email, role: auth.user.role, ip: request.ip };
}

/**
 * Writes one row of the audit trail. Call it with the transaction of the action it records,
 * so that the action and its record commit together or not at all.
 */
export async function writeAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: actor.id,
      actor_email: actor.email,
      actor_role: actor.role,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      ip: actor.ip,
    })
    .execute();
}
