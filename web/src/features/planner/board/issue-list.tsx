import clsx from 'clsx';
import { AlertTriangle, CircleAlert } from 'lucide-react';
import type { TBoardIssue } from './board-model';

export interface IssueListProps {
  issues: readonly TBoardIssue[];
  className?: string;
}

/** The engine's errors and warnings for one item, in its words. */
export function IssueList({ issues, className }: IssueListProps) {
  if (issues.length === 0) return null;
  return (
    <ul className={clsx('space-y-1', className)} aria-label="Problems">
      {issues.map((issue, i) => (
        <li
          key={i}
          className={clsx(
            'flex items-start gap-1.5 rounded-md px-2 py-1.5 text-xs',
            issue.severity === 'error' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900',
          )}
        >
          {issue.severity === 'error' ? (
            <CircleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          ) : (
            <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          )}
          <span>
            <span className="sr-only">{issue.severity}: </span>
            {issue.message}
          </span>
        </li>
      ))}
    </ul>
  );
}
