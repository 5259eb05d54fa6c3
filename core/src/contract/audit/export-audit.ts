import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZAuditFilters, ZStaffAuditFilters } from './list-audit-log';

/** The columns of an audit CSV export, in order. */
export const AUDIT_CSV_COLUMNS = [
  'at',
  'action',
  'actorEmail',
  'actorRole',
  'actorId',
  'targetType',
  'targetId',
  'targetLabel',
  'ip',
  'before',
  'after',
] as const;

/** Every entry of your trail that matches the filters (not one page), as `text/csv`. */
export const exportMyAudit = defineEndpoint({
  method: 'GET',
  path: '/api/audit/export',
  summary: 'Your audit trail as CSV: every entry matching the filters',
  auth: true,
  querystring: ZAuditFilters,
  response: z.string(),
});

/** Staff (`audit.read`): every matching entry of everyone's trail, as `text/csv`. */
export const exportAuditLog = defineEndpoint({
  method: 'GET',
  path: '/api/admin/audit/export',
  summary: "Staff: everyone's audit trail as CSV, every entry matching the filters",
  auth: true,
  querystring: ZStaffAuditFilters,
  response: z.string(),
});
