import { scorePassword } from '@stratum/core/auth/password-strength';
import { PASSWORD_MIN_LENGTH } from '@stratum/core/constants';
import { MSG } from '@stratum/core/messages';

/** §5 for any new password: length first, then a strength score of at least 3 of 5. */
export function validateNewPassword(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return MSG.passwordTooShort;
  if (!scorePassword(password).isAcceptable) return MSG.passwordTooWeak;
  return null;
}
