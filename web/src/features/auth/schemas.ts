import { z } from 'zod';
import { isValidEmail, sanitizeInput } from '@stratum/core/auth/sanitize';
import { CODE_LENGTH } from '@stratum/core/constants';
import { ZLoginBody } from '@stratum/core/contract/auth/login';
import { ZRegisterBody } from '@stratum/core/contract/auth/register';
import { ZRequestPasswordResetBody } from '@stratum/core/contract/auth/request-password-reset';
import { ZResetPasswordBody } from '@stratum/core/contract/auth/reset-password';
import { ZVerifyOtpBody } from '@stratum/core/contract/auth/verify-otp';
import { MSG } from '@stratum/core/messages';
import { validateNewPassword } from '../../lib/password-rules';

/**
 * The auth forms' schemas: the §5 rules with their texts, each problem reported once at the
 * field it is about, then the contract's own body schema (sanitising as the server does).
 * "Please fill in all fields" is shown at the first empty field only.
 */

type Values<K extends string> = Record<K, string>;

/** String fields with angle brackets stripped and trimmed (§5). */
function sanitizedFields<K extends string>(keys: readonly K[]) {
  const shape = Object.fromEntries(keys.map((key) => [key, z.string()])) as Record<K, z.ZodString>;
  return z.object(shape).transform((values) => {
    const raw = values as Values<K>;
    return Object.fromEntries(keys.map((key) => [key, sanitizeInput(raw[key])])) as Values<K>;
  });
}

type Ctx = z.RefinementCtx;
const problem = (ctx: Ctx, field: string, message: string) =>
  ctx.addIssue({ code: 'custom', path: [field], message });

/** Reports `message` at the first empty field of `keys`; answers whether all were filled. */
function requireAll<K extends string>(
  values: Values<K>,
  keys: readonly K[],
  ctx: Ctx,
  message: string,
) {
  const empty = keys.find((key) => values[key] === '');
  if (empty !== undefined) problem(ctx, empty, message);
  return empty === undefined;
}

function checkEmail(email: string, ctx: Ctx) {
  if (email !== '' && !isValidEmail(email)) problem(ctx, 'email', MSG.invalidEmail);
}

/** Length, then strength, at `field`; a mismatch of the confirmation at `confirmPassword`. */
function checkNewPassword(password: string, confirm: string, field: string, ctx: Ctx) {
  const invalid = password === '' ? null : validateNewPassword(password);
  if (invalid) problem(ctx, field, invalid);
  if (confirm !== '' && password !== '' && confirm !== password)
    problem(ctx, 'confirmPassword', MSG.passwordsDoNotMatch);
}

/** The confirmation is the form's own; the server never sees it. */
function withoutConfirmation<T extends { confirmPassword: string }>({
  confirmPassword: _confirmation,
  ...body
}: T): Omit<T, 'confirmPassword'> {
  return body;
}

const LOGIN_FIELDS = ['email', 'password'] as const;
export const ZSignInForm = sanitizedFields(LOGIN_FIELDS)
  .superRefine((v, ctx) => {
    requireAll(v, LOGIN_FIELDS, ctx, MSG.fillAllFields);
    checkEmail(v.email, ctx);
  })
  .pipe(ZLoginBody);

const SIGNUP_FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;
export const ZSignUpForm = sanitizedFields(SIGNUP_FIELDS)
  .superRefine((v, ctx) => {
    requireAll(v, SIGNUP_FIELDS, ctx, MSG.fillAllFields);
    checkEmail(v.email, ctx);
    checkNewPassword(v.password, v.confirmPassword, 'password', ctx);
  })
  .transform(withoutConfirmation)
  .pipe(ZRegisterBody);

/** §5: non-digits are stripped; at most six digits are kept. */
export function normalizeCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

export const ZVerifyCodeForm = z
  .object({ email: z.string(), code: z.string() })
  .superRefine(({ email, code }, ctx) => {
    if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(normalizeCode(code)))
      problem(ctx, 'code', MSG.enterSixDigitCode);
    else if (email === '') problem(ctx, 'code', MSG.missingVerificationEmail);
  })
  .pipe(ZVerifyOtpBody);

export const ZForgotPasswordForm = sanitizedFields(['email'] as const).pipe(
  ZRequestPasswordResetBody,
);

const RESET_FIELDS = ['token', 'newPassword', 'confirmPassword'] as const;
export const ZResetPasswordForm = sanitizedFields(['email', ...RESET_FIELDS] as const)
  .superRefine((v, ctx) => {
    if (v.email === '') problem(ctx, 'email', MSG.resetEmailRequired);
    requireAll(v, RESET_FIELDS, ctx, MSG.resetFillAllFields);
    checkEmail(v.email, ctx);
    checkNewPassword(v.newPassword, v.confirmPassword, 'newPassword', ctx);
  })
  .transform(withoutConfirmation)
  .pipe(ZResetPasswordBody);

export type TSignInFormValues = z.input<typeof ZSignInForm>;
export type TSignUpFormValues = z.input<typeof ZSignUpForm>;
export type TResetPasswordFormValues = z.input<typeof ZResetPasswordForm>;
