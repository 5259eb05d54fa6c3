import type { TAuditEntry } from '@stratum/core/contract/audit/list-audit-log';
import type { AuditRow } from './repository';
import { auditTargetLabel } from './target-label';

export function presentAuditEntry(row: AuditRow): TAuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    actorRole: row.actor_role,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: auditTargetLabel(row.target_type, row.before, row.after),
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
  };
}
