import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/**
 * The admin's egress allow-list: CIDRs, addresses or host:port, separated by commas, spaces or
 * new lines. It opens private, loopback and CGNAT destinations; link-local and metadata
 * addresses only `EGRESS_ALLOW` opens.
 */
export const ZSaveEgressAllowListBody = z.object({ allowList: z.string().max(4000) });
export type TSaveEgressAllowListBody = z.input<typeof ZSaveEgressAllowListBody>;

export const ZEgressAllowListResponse = z.object({
  success: z.literal(true),
  data: z.object({
    allowList: z.string(),
    /** What the operator allowed in EGRESS_ALLOW (read-only here). */
    environment: z.array(z.string()),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
  }),
});
export type TEgressAllowListResponse = z.infer<typeof ZEgressAllowListResponse>;

/** Owner and admin (`system.manage`). */
export const getEgressAllowList = defineEndpoint({
  method: 'GET',
  path: '/api/admin/system/egress',
  summary: "Staff: the admin's egress allow-list and EGRESS_ALLOW",
  auth: true,
  response: ZEgressAllowListResponse,
});

/** Owner and admin (`system.manage`): 400 `request/invalid` naming each entry it cannot read. */
export const saveEgressAllowList = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/system/egress',
  summary: "Staff: save the admin's egress allow-list",
  auth: true,
  body: ZSaveEgressAllowListBody,
  response: ZEgressAllowListResponse,
  audit: { action: 'system.egress.save', target: 'egress' },
});
