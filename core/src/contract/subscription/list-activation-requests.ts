import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPageQuery, zPage, ZSearch } from '../admin/paging';
import { ZActivationRequest, ZActivationStatus } from './activation-request';

export const ZListActivationRequestsQuery = ZPageQuery.extend({
  status: ZActivationStatus.optional(),
  /** Matches the requester's email or name, or the message. */
  search: ZSearch,
});
export type TListActivationRequestsQuery = z.output<typeof ZListActivationRequestsQuery>;

export const ZListActivationRequestsResponse = z.object({
  success: z.literal(true),
  data: zPage(ZActivationRequest).extend({
    /** How many requests wait for a decision, whatever the filters. */
    pendingCount: z.number().int(),
  }),
});
export type TListActivationRequestsResponse = z.infer<typeof ZListActivationRequestsResponse>;

/** Staff (`requests.read`): the queue, newest first. */
export const listActivationRequests = defineEndpoint({
  method: 'GET',
  path: '/api/subscription/requests',
  summary: 'Staff: activation requests, filtered by status and search',
  auth: true,
  querystring: ZListActivationRequestsQuery,
  response: ZListActivationRequestsResponse,
});
