import { z } from 'zod';
import { zText } from '../common';
import { FORUM_LIMITS } from '../../forums/rules';
import { zModerationReason } from './forum';

/** An optional note for the audit trail (pin, lock, move). */
export const zOptionalReason = () => zText(FORUM_LIMITS.reason).optional();

/** Hiding needs a reason; showing again does not. */
export const ZHiddenBody = z
  .object({ isHidden: z.boolean(), reason: zOptionalReason() })
  .refine((b) => !b.isHidden || (b.reason ?? '').length > 0, {
    message: 'Give a reason',
    path: ['reason'],
  });

export const ZDeleteBody = z.object({ reason: zModerationReason() });

export const ZModerationResponse = z.object({
  success: z.literal(true),
  message: z.string(),
});
