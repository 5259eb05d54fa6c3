import { z } from 'zod';
import { zString, zText } from '../common';
import { ZPlannerState } from './planner-state';

/** §9: at most 50 per project; the oldest automatic ones are dropped first, then manual ones. */
export const MAX_SNAPSHOTS_PER_PROJECT = 50;
export const SNAPSHOT_LIMITS = { description: 500, tag: 40, tags: 10 } as const;

export const SNAPSHOT_TYPES = ['manual', 'auto'] as const;
export const ZSnapshotType = z.enum(SNAPSHOT_TYPES);

export const ZSnapshotTag = zText(SNAPSHOT_LIMITS.tag).pipe(z.string().min(1));

/** §3 Version snapshot without its data, for the history list. */
export const ZSnapshotSummary = z.object({
  id: z.string(),
  projectId: z.string(),
  timestamp: z.string(),
  description: z.string(),
  type: ZSnapshotType,
  tags: z.array(z.string()),
  /** The project revision the data was taken at. */
  revision: z.number().int(),
  /** The generation an automatic snapshot was taken with, if any. */
  generationId: z.string().nullable(),
});
export type TSnapshotSummary = z.infer<typeof ZSnapshotSummary>;

/** §3 Version snapshot: `data` is the planner state at that moment. */
export const ZSnapshot = ZSnapshotSummary.extend({ data: ZPlannerState });
export type TSnapshot = z.infer<typeof ZSnapshot>;

export const ZSnapshotParams = z.object({
  id: zString(100).min(1),
  snapshotId: zString(100).min(1),
});

export const ZSnapshotResponse = z.object({
  success: z.literal(true),
  data: z.object({ snapshot: ZSnapshot }),
});
export type TSnapshotResponse = z.infer<typeof ZSnapshotResponse>;
