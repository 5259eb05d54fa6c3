import type { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPageQuery } from '../admin/paging';
import { ZAuditFilters, ZListAuditLogResponse } from './list-audit-log';

export const ZListMyAuditQuery = ZPageQuery.extend(ZAuditFilters.shape);
export type TListMyAuditQuery = z.output<typeof ZListMyAuditQuery>;

/**
 * The signed-in user's own trail, newest first: what they did, and what someone who was not
 * signed in tried on their account (failed sign-ins, reset requests).
 */
export const listMyAudit = defineEndpoint({
  method: 'GET',
  path: '/api/audit',
  summary: 'Your audit trail: every change you made, and failed sign-ins to your account',
  auth: true,
  querystring: ZListMyAuditQuery,
  response: ZListAuditLogResponse,
});
