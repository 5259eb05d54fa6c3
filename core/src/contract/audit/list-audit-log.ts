import { z } from 'zod';
import { zString } from '../common';
import { defineEndpoint } from '../endpoint';
import { ZIsoDateTime, ZPageQuery, zPage, ZSearch } from '../admin/paging';

/** One staff action: who, what, when, and the record before and after. */
export const ZAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  actorRole: z.string(),
  /** e.g. `users.role`, `vouchers.create`, `requests.approve`. */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** What the target is called (the user's name and email, the voucher code, the notice title). */
  targetLabel: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZListAuditLogQuery = ZPageQuery.extend({
  /** Matches the actor's email. */
  actor: ZSearch,
  /** An action, or an action prefix such as `users.`. */
  action: zString(100).optional(),
  targetType: zString(100).optional(),
  targetId: zString(100).optional(),
  from: ZIsoDateTime.optional(),
  to: ZIsoDateTime.optional(),
});
export type TListAuditLogQuery = z.output<typeof ZListAuditLogQuery>;

export const ZListAuditLogResponse = z.object({
  success: z.literal(true),
  data: zPage(ZAuditEntry).extend({
    /** Every action recorded, for the filter. */
    actions: z.array(z.string()),
  }),
});
export type TListAuditLogResponse = z.infer<typeof ZListAuditLogResponse>;

/** Staff (`audit.read`), newest first. */
export const listAuditLog = defineEndpoint({
  method: 'GET',
  path: '/api/admin/audit',
  summary: 'Staff: the audit trail of staff actions',
  auth: true,
  querystring: ZListAuditLogQuery,
  response: ZListAuditLogResponse,
});
