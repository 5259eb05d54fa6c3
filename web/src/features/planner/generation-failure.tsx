import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router';

export interface TGenerationFailure {
  message: string;
  code: string;
  issues: readonly { path: string; message: string }[];
}

export interface GenerationFailureProps {
  failure: TGenerationFailure;
}

/** Why the server did not generate: the quota (with the way to more), or the design's issues. */
export function GenerationFailure({ failure }: GenerationFailureProps) {
  const extra = failure.issues.filter((i) => i.message !== failure.message);
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <p className="flex items-start gap-2 font-medium">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {failure.message}
      </p>
      {failure.code === 'planner/quota_exceeded' && (
        <p className="mt-2 pl-6">
          Nothing was generated.{' '}
          <Link to="/subscription" className="font-semibold underline">
            Go to Subscription
          </Link>{' '}
          to upgrade for more generations.
        </p>
      )}
      {extra.length > 0 && (
        <ul className="mt-2 list-disc pl-10">
          {extra.map((i, n) => (
            <li key={n}>{i.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
