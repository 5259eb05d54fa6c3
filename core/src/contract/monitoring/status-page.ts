import { z } from 'zod';
import { ZDateTime, zString, zText } from '../common';
import { defineEndpoint } from '../endpoint';
import { ZCheckKind } from './check';

/** Lower-case letters, digits and single hyphens: the `<slug>` of /status/<slug>. */
export const ZStatusSlug = zString(40)
  .transform((v) => v.trim().toLowerCase())
  .pipe(
    z
      .string()
      .min(3, 'The address needs at least 3 characters')
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens'),
  );

export const ZStatusPageSettings = z.object({
  isEnabled: z.boolean(),
  slug: z.string().nullable(),
  title: z.string(),
  /** The checks shown; empty shows every check. */
  checkIds: z.array(z.uuid()),
});
export type TStatusPageSettings = z.infer<typeof ZStatusPageSettings>;

export const getStatusPageSettings = defineEndpoint({
  method: 'GET',
  path: '/api/monitoring/status-page',
  summary: "The user's public status page settings",
  auth: true,
  response: z.object({ success: z.literal(true), data: ZStatusPageSettings }),
});

export const updateStatusPageSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/monitoring/status-page',
  summary: 'Switch the public status page on or off, choose its address, title and checks',
  auth: true,
  body: z.object({
    isEnabled: z.boolean(),
    slug: ZStatusSlug,
    title: zText(100).pipe(z.string().min(1, 'Give the page a title')),
    checkIds: z.array(z.uuid()).max(50).default([]),
  }),
  response: z.object({ success: z.literal(true), data: ZStatusPageSettings }),
  audit: { action: 'monitoring.status_page', target: 'monitor-status-page' },
});

/** What a visitor sees: names, kinds, states and uptime; never a URL, host or header. */
export const ZPublicStatus = z.object({
  title: z.string(),
  checks: z.array(
    z.object({
      name: z.string(),
      kind: ZCheckKind,
      state: z.enum(['pending', 'up', 'down', 'paused']),
      isInMaintenance: z.boolean(),
      uptime24h: z.number().nullable(),
      uptime30d: z.number().nullable(),
      /** The last 24 hours, one entry per hour, oldest first: uptime percent or null. */
      hours: z.array(z.number().nullable()),
    }),
  ),
  updatedAt: ZDateTime,
});
export type TPublicStatus = z.infer<typeof ZPublicStatus>;

export const getPublicStatus = defineEndpoint({
  method: 'GET',
  path: '/api/monitoring/public/:slug',
  summary: 'A public status page (no sign-in); 404 unless its owner switched it on',
  auth: false,
  params: z.object({ slug: zString(40) }),
  response: z.object({ success: z.literal(true), data: ZPublicStatus }),
});
