import { z } from 'zod';
import { zString } from '../common';
import { defineEndpoint } from '../endpoint';
import { ZIsoDateTime, ZPageQuery, zPage, ZSearch } from '../admin/paging';

/** One action: who, what, when, from where, and the record before and after (secrets masked). */
export const ZAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  actorRole: z.string(),
  /** e.g. `users.role`, `vouchers.create`, `auth.login.failed`. */
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

/** The filters a user has on their own trail: action (or `area.` prefix), target type, dates. */
export const ZAuditFilters = z.object({
  /** An action, or an action prefix such as `users.`. */
  action: zString(100).optional(),
  targetType: zString(100).optional(),
  /** From this instant (inclusive). */
  from: ZIsoDateTime.optional(),
  /** Before this instant (exclusive). */
  to: ZIsoDateTime.optional(),
});
export type TAuditFilters = z.output<typeof ZAuditFilters>;

/** Staff filter everyone's trail further: by the actor's email and the target's id. */
export const ZStaffAuditFilters = ZAuditFilters.extend({
  /** Matches the actor's email. */
  actor: ZSearch,
  targetId: zString(100).optional(),
});
export type TStaffAuditFilters = z.output<typeof ZStaffAuditFilters>;

export const ZListAuditLogQuery = ZPageQuery.extend(ZStaffAuditFilters.shape);
export type TListAuditLogQuery = z.output<typeof ZListAuditLogQuery>;

export const ZListAuditLogResponse = z.object({
  success: z.literal(true),
  data: zPage(ZAuditEntry).extend({
    /** Every action recorded (in the trail this list reads), for the filter. */
    actions: z.array(z.string()),
    /** Every target type recorded (in the trail this list reads), for the filter. */
    targetTypes: z.array(z.string()),
  }),
});
export type TListAuditLogResponse = z.infer<typeof ZListAuditLogResponse>;

/** Staff (`audit.read`), newest first. */
export const listAuditLog = defineEndpoint({
  method: 'GET',
  path: '/api/admin/audit',
  summary: "Staff: everyone's audit trail",
  auth: true,
  querystring: ZListAuditLogQuery,
  response: ZListAuditLogResponse,
});
