import {
  explainClaims,
  type ClaimExplanation,
  type TClaimTone,
} from '@stratum/core/tools/jwt/claims';
import type { TJsonObject } from '@stratum/core/tools/jwt/decode';
import clsx from 'clsx';

export interface ClaimsListProps {
  payload: TJsonObject;
  now: number;
}

const NOTE_TONES: Record<TClaimTone, string> = {
  neutral: 'text-slate-700',
  ok: 'text-green-800',
  warning: 'text-amber-900',
  error: 'text-red-700',
};

const LOCAL = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

function ClaimValue({ claim }: { claim: ClaimExplanation }) {
  if (claim.timeMs === undefined) {
    return <span className="font-mono text-[13px] break-all text-slate-900">{claim.display}</span>;
  }
  const date = new Date(claim.timeMs);
  const isValidDate = !Number.isNaN(date.getTime());
  return (
    <span className="block">
      <span className="text-slate-900">{isValidDate ? LOCAL.format(date) : claim.display}</span>
      <span className="block text-xs text-slate-600">{claim.display}</span>
    </span>
  );
}

/** Registered claims (RFC 7519 §4.1) and well-known ones, each with what it means. */
export function ClaimsList({ payload, now }: ClaimsListProps) {
  const claims = explainClaims(payload, now);
  if (claims.length === 0) {
    return <p className="text-sm text-slate-700">The payload has no registered claims.</p>;
  }
  return (
    <dl className="divide-y divide-slate-200">
      {claims.map((claim) => (
        <div
          key={claim.claim}
          className="grid gap-1 py-2.5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-4"
        >
          <dt>
            <span className="text-sm font-medium text-slate-900">
              <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-800">
                {claim.claim}
              </code>{' '}
              {claim.name}
            </span>
            <span className="mt-0.5 block text-xs text-slate-600">{claim.description}</span>
          </dt>
          <dd className="text-sm">
            <ClaimValue claim={claim} />
            {claim.note && (
              <span className={clsx('mt-0.5 block text-xs font-medium', NOTE_TONES[claim.tone])}>
                {claim.note}
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
