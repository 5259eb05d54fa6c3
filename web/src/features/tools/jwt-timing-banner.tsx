import { tokenTiming, type TTokenTimeStatus } from '@stratum/core/tools/jwt/claims';
import type { TJsonObject } from '@stratum/core/tools/jwt/decode';
import clsx from 'clsx';
import { CircleAlert, CircleCheck, CircleX, Clock, type LucideIcon } from 'lucide-react';

export interface TimingBannerProps {
  payload: TJsonObject;
  now: number;
}

const LOOK: Record<TTokenTimeStatus, { icon: LucideIcon; className: string }> = {
  valid: { icon: CircleCheck, className: 'border-green-200 bg-green-50 text-green-900' },
  expired: { icon: CircleX, className: 'border-red-200 bg-red-50 text-red-900' },
  not_yet_valid: { icon: Clock, className: 'border-amber-200 bg-amber-50 text-amber-900' },
  no_expiry: { icon: CircleAlert, className: 'border-amber-200 bg-amber-50 text-amber-900' },
  bad_times: { icon: CircleAlert, className: 'border-red-200 bg-red-50 text-red-900' },
};

/** Whether the token may be used now, by its exp and nbf claims. */
export function TimingBanner({ payload, now }: TimingBannerProps) {
  const timing = tokenTiming(payload, now);
  const { icon: Icon, className } = LOOK[timing.status];
  return (
    <p
      className={clsx(
        'flex items-center gap-2 rounded-lg border px-4 py-3 text-sm font-semibold',
        className,
      )}
    >
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      {timing.summary}
    </p>
  );
}
