import { z } from 'zod';
import { zString } from '../common';
import { ZIsoDateTime } from '../admin/paging';

export const ERROR_LEVELS = ['debug', 'info', 'warn', 'error', 'fatal'] as const;
export const ZErrorLevel = z.enum(ERROR_LEVELS);
export type TErrorLevel = z.infer<typeof ZErrorLevel>;

/** Size limits on what a client may report. */
export const ERROR_LOG_LIMITS = {
  message: 2000,
  stack: 16_000,
  userAgent: 512,
  url: 2048,
  component: 200,
  action: 200,
  /** Bytes of the metadata object as JSON. */
  metadataBytes: 8192,
} as const;

const clip = (max: number) => zString(max);

/** §3 Error log, as the web reports it. */
export const ZErrorReport = z.object({
  timestamp: ZIsoDateTime,
  level: ZErrorLevel,
  message: clip(ERROR_LOG_LIMITS.message).min(1),
  stack: clip(ERROR_LOG_LIMITS.stack).nullish(),
  userAgent: clip(ERROR_LOG_LIMITS.userAgent).nullish(),
  url: clip(ERROR_LOG_LIMITS.url).nullish(),
  component: clip(ERROR_LOG_LIMITS.component).nullish(),
  action: clip(ERROR_LOG_LIMITS.action).nullish(),
  metadata: z
    .record(zString(200), z.unknown())
    .refine((m) => JSON.stringify(m).length <= ERROR_LOG_LIMITS.metadataBytes, {
      message: `Metadata must stay under ${ERROR_LOG_LIMITS.metadataBytes} bytes`,
    })
    .nullish(),
});
export type TErrorReport = z.input<typeof ZErrorReport>;
export type TErrorReportInput = z.output<typeof ZErrorReport>;

/** A stored report, with who sent it and when it arrived. */
export const ZErrorLog = z.object({
  id: z.string(),
  timestamp: z.string(),
  level: ZErrorLevel,
  message: z.string(),
  stack: z.string().nullable(),
  userAgent: z.string().nullable(),
  url: z.string().nullable(),
  component: z.string().nullable(),
  action: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  receivedAt: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
});
export type TErrorLog = z.infer<typeof ZErrorLog>;
