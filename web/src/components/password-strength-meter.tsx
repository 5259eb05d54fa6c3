import clsx from 'clsx';
import { PASSWORD_MAX_SCORE } from '@stratum/core/constants';
import { scorePassword } from '@stratum/core/auth/password-strength';

export interface PasswordStrengthMeterProps {
  password: string;
  id?: string;
}

const BAR_COLOURS = [
  'bg-red-600',
  'bg-red-600',
  'bg-orange-500',
  'bg-amber-500',
  'bg-lime-600',
  'bg-green-600',
];

/** §5: one point each for length 8+, lowercase, uppercase, digit and special character. */
export function PasswordStrengthMeter({ password, id }: PasswordStrengthMeterProps) {
  const { score, label } = scorePassword(password);
  return (
    <div id={id} className="mt-2" aria-live="polite">
      <div className="flex gap-1" aria-hidden="true">
        {Array.from({ length: PASSWORD_MAX_SCORE }, (_, i) => (
          <span
            key={i}
            className={clsx(
              'h-1.5 flex-1 rounded-full',
              i < score ? BAR_COLOURS[score] : 'bg-slate-200',
            )}
          />
        ))}
      </div>
      <p className="mt-1 text-xs text-slate-700">
        Strength: <span className="font-semibold">{label}</span> ({score}/{PASSWORD_MAX_SCORE})
      </p>
    </div>
  );
}
