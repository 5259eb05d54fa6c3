import {
  ZUpdateProfileBody,
  type TUpdateProfileBody,
} from '@stratum/core/contract/auth/update-profile';
import { MSG } from '@stratum/core/messages';
import { validateNewPassword } from '../../lib/password-rules';

export interface ProfileValues {
  firstName: string;
  lastName: string;
  designation: string;
  avatarUrl: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

/** The contract's own schema; an empty designation or avatar clears it. */
export function toProfileBody(values: ProfileValues): {
  body: TUpdateProfileBody;
  errors: ProfileErrors;
} {
  const body: TUpdateProfileBody = {
    firstName: values.firstName,
    lastName: values.lastName,
    designation: values.designation.trim() || null,
    avatarUrl: values.avatarUrl.trim() || null,
  };
  const result = ZUpdateProfileBody.safeParse(body);
  const errors: ProfileErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof ProfileValues | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  return { body, errors };
}

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function validatePasswordChange(values: PasswordChangeValues): string | null {
  const { currentPassword, newPassword, confirmPassword } = values;
  if (!currentPassword || !newPassword || !confirmPassword) return MSG.fillAllFields;
  if (newPassword !== confirmPassword) return MSG.passwordsDoNotMatch;
  return validateNewPassword(newPassword);
}

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const AVATAR_SIZE_PX = 256;
