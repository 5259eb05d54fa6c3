import { PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE } from '../constants';

export type TStrengthLabel = 'Very Weak' | 'Weak' | 'Fair' | 'Strong' | 'Very Strong';

export interface PasswordStrength {
  /** 0 to 5: one point each for length 8+, lowercase, uppercase, digit, special character. */
  score: number;
  label: TStrengthLabel;
  isAcceptable: boolean;
}

const LABELS: Record<number, TStrengthLabel> = {
  0: 'Very Weak',
  1: 'Very Weak',
  2: 'Weak',
  3: 'Fair',
  4: 'Strong',
  5: 'Very Strong',
};

/** The §5 strength scorer, shared by the sign-up form, the reset page and the server. */
export function scorePassword(password: string): PasswordStrength {
  const checks = [
    password.length >= PASSWORD_MIN_LENGTH,
    /[a-z]/.test(password),
    /[A-Z]/.test(password),
    /[0-9]/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ];
  const score = checks.filter(Boolean).length;
  return { score, label: LABELS[score] ?? 'Very Weak', isAcceptable: score >= PASSWORD_MIN_SCORE };
}
