import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZServerUser, zString, zText } from '../common';

const AVATAR_PATTERN = /^(https?:\/\/\S+|data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+)$/;

export const ZUpdateProfileBody = z.object({
  firstName: zText(100).pipe(z.string().min(1, 'First name is required')).optional(),
  lastName: zText(100).pipe(z.string().min(1, 'Last name is required')).optional(),
  designation: zText(100).nullable().optional(),
  /** An http(s) address or an uploaded image as a data URL of at most about 256 KB; empty or null removes it. */
  avatarUrl: zString(350_000)
    .trim()
    .transform((v) => (v === '' ? null : v))
    .pipe(
      z
        .string()
        .regex(
          AVATAR_PATTERN,
          'Avatar must be an http(s) address or a PNG, JPEG, GIF or WebP image',
        )
        .nullable(),
    )
    .nullable()
    .optional(),
});
export type TUpdateProfileBody = z.input<typeof ZUpdateProfileBody>;
export type TUpdateProfileInput = z.output<typeof ZUpdateProfileBody>;

export const ZUpdateProfileResponse = z.object({ success: z.literal(true), user: ZServerUser });
export type TUpdateProfileResponse = z.infer<typeof ZUpdateProfileResponse>;

export const updateProfile = defineEndpoint({
  method: 'PUT',
  path: '/api/auth/profile',
  summary: "Update the signed-in user's name, designation and avatar",
  auth: true,
  body: ZUpdateProfileBody,
  response: ZUpdateProfileResponse,
  audit: { action: 'profile.update', target: 'user' },
});
