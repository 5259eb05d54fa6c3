import { z } from 'zod';
import { ZDateTime, zText } from '../common';
import {
  TAG_SCOPES,
  ZTagKeyName,
  ZTagPolicyInput,
  ZTagValue,
  ZTagViolation,
} from '../../tags/model';

/**
 * Issue 16 §5: tag keys with their values, and tag policies — the user's own, and the
 * organisation's (written by admins, read by everyone). The rules themselves live in
 * `core/src/tags/`.
 */
export const ZTagScope = z.enum(TAG_SCOPES);

export const ZTagKeyInput = z.object({
  key: ZTagKeyName,
  description: zText(500).default(''),
  /** The values people pick from (suggestions in the planner). */
  values: z
    .array(ZTagValue)
    .max(200)
    .default([])
    .refine((v) => new Set(v).size === v.length, { message: 'Each value appears once.' }),
});
export type TTagKeyInput = z.input<typeof ZTagKeyInput>;

export const ZTagKey = z.object({
  id: z.uuid(),
  scope: ZTagScope,
  key: z.string(),
  description: z.string(),
  values: z.array(z.string()),
  /** Whether the caller may change it (their own; organisation-wide ones for admins). */
  canEdit: z.boolean(),
  createdAt: ZDateTime,
  updatedAt: ZDateTime,
});
export type TTagKey = z.infer<typeof ZTagKey>;

export { ZTagPolicyInput, ZTagViolation };

export const ZTagPolicyRecord = ZTagPolicyInput.extend({
  id: z.uuid(),
  scope: ZTagScope,
  canEdit: z.boolean(),
  createdAt: ZDateTime,
  updatedAt: ZDateTime,
});
export type TTagPolicyRecord = z.infer<typeof ZTagPolicyRecord>;
