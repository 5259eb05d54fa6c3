import { z } from 'zod';
import { ZChangePasswordBody } from '@stratum/core/contract/auth/change-password';
import { ZUpdateProfileBody } from '@stratum/core/contract/auth/update-profile';
import { MSG } from '@stratum/core/messages';
import { validateNewPassword } from '../../lib/password-rules';

const CONTRACT = ZUpdateProfileBody.shape;

/**
 * The profile form: the contract's field schemas; an empty designation clears it, and an empty
 * avatar is sent as "" (the server removes the avatar).
 */
export const ZProfileForm = z.object({
  firstName: CONTRACT.firstName.unwrap(),
  lastName: CONTRACT.lastName.unwrap(),
  designation: CONTRACT.designation
    .unwrap()
    .unwrap()
    .transform((value) => value || null),
  avatarUrl: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') return;
      const result = CONTRACT.avatarUrl.safeParse(value);
      if (!result.success)
        ctx.addIssue({ code: 'custom', message: result.error.issues[0]!.message });
    }),
});
export type TProfileFormValues = z.input<typeof ZProfileForm>;
export type TProfileFormOutput = z.output<typeof ZProfileForm>;

const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** §5 for a new password, with the current one and a confirmation. */
export const ZChangePasswordForm = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((v, ctx) => {
    const empty = PASSWORD_FIELDS.find((field) => v[field] === '');
    if (empty) ctx.addIssue({ code: 'custom', path: [empty], message: MSG.fillAllFields });
    const invalid = v.newPassword === '' ? null : validateNewPassword(v.newPassword);
    if (invalid) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: invalid });
    if (v.confirmPassword !== '' && v.newPassword !== '' && v.confirmPassword !== v.newPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.passwordsDoNotMatch });
  })
  .transform(({ currentPassword, newPassword }) => ({ currentPassword, newPassword }))
  .pipe(ZChangePasswordBody);
export type TChangePasswordFormValues = z.input<typeof ZChangePasswordForm>;

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const AVATAR_SIZE_PX = 256;
