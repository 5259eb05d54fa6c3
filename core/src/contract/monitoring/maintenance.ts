import { z } from 'zod';
import { ZDateTime, ZOk, zText } from '../common';
import { ZIdParams } from '../admin/paging';
import { defineEndpoint } from '../endpoint';

export const ZMaintenanceInput = z
  .object({
    name: zText(100).pipe(z.string().min(1, 'Give the window a name')),
    startsAt: ZDateTime,
    endsAt: ZDateTime,
    /** The checks it silences; empty silences all of the user's checks. */
    checkIds: z.array(z.uuid()).max(50).default([]),
  })
  .superRefine((value, ctx) => {
    const start = Date.parse(value.startsAt);
    const end = Date.parse(value.endsAt);
    if (end <= start) {
      ctx.addIssue({
        code: 'custom',
        path: ['endsAt'],
        message: 'The window must end after it starts',
      });
    } else if (end - start > 31 * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'A window lasts at most 31 days' });
    }
  });
export type TMaintenanceInput = z.input<typeof ZMaintenanceInput>;

export const ZMaintenance = z.object({
  id: z.uuid(),
  name: z.string(),
  startsAt: ZDateTime,
  endsAt: ZDateTime,
  checkIds: z.array(z.uuid()),
  /** Now inside the window. */
  isActive: z.boolean(),
});
export type TMaintenance = z.infer<typeof ZMaintenance>;

export const listMaintenance = defineEndpoint({
  method: 'GET',
  path: '/api/monitoring/maintenance',
  summary: 'Maintenance windows that have not ended, soonest first',
  auth: true,
  response: z.object({
    success: z.literal(true),
    data: z.object({ items: z.array(ZMaintenance) }),
  }),
});

export const createMaintenance = defineEndpoint({
  method: 'POST',
  path: '/api/monitoring/maintenance',
  summary: 'Plan a maintenance window: state changes inside it send no alert',
  auth: true,
  body: ZMaintenanceInput,
  response: z.object({ success: z.literal(true), data: ZMaintenance }),
  audit: { action: 'monitoring.maintenance_create', target: 'monitor-maintenance' },
});

export const deleteMaintenance = defineEndpoint({
  method: 'DELETE',
  path: '/api/monitoring/maintenance/:id',
  summary: 'Remove a maintenance window',
  auth: true,
  params: ZIdParams,
  response: ZOk,
  audit: { action: 'monitoring.maintenance_delete', target: 'monitor-maintenance' },
});
