import { z } from 'zod';
import { ZServerUser } from '../common';

/** A user as staff see them: the §3 server user plus account state. */
export const ZAdminUser = ZServerUser.extend({
  createdAt: z.string(),
  isEmailVerified: z.boolean(),
  isDisabled: z.boolean(),
  disabledAt: z.string().nullable(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUserResponse = z.object({
  success: z.literal(true),
  data: z.object({ user: ZAdminUser }),
});
export type TAdminUserResponse = z.infer<typeof ZAdminUserResponse>;
