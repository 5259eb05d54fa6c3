import { CircleAlert } from 'lucide-react';

export interface DesignIssueListProps {
  title: string;
  issues: readonly { path: string; message: string }[];
  /** Only the first ones: the board shows every issue on its node. */
  limit?: number;
}

/**
 * Problems of the design as a person reads them: each message names the component and says what
 * to change (`explainIssues`); the path into the state stays machine data and is not shown.
 */
export function DesignIssueList({ title, issues, limit = 10 }: DesignIssueListProps) {
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-medium">{title}</p>
      <ul className="mt-1.5 space-y-1">
        {issues.slice(0, limit).map((issue, n) => (
          <li key={n} className="flex gap-1.5">
            <CircleAlert className="mt-0.5 size-3.5 shrink-0 text-amber-700" aria-hidden="true" />
            <span>{issue.message}</span>
          </li>
        ))}
      </ul>
      {issues.length > limit && (
        <p className="mt-1 text-xs">…and {issues.length - limit} more on the board.</p>
      )}
    </div>
  );
}
