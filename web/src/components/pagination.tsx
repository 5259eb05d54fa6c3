import { Button } from './button';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** What is being paged, e.g. "users". */
  label: string;
}

/** "Page 2 of 5 · 87 in all" with Previous / Next; only the count when one page holds all. */
export function Pagination({ page, pageSize, total, onPageChange, label }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav
      aria-label={`Pages of ${label}`}
      className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700"
    >
      <span>
        {pages > 1 ? `Page ${page} of ${pages} · ` : ''}
        {total} in all
      </span>
      {pages > 1 && (
        <span className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            Previous
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages}
            onClick={() => onPageChange(page + 1)}
          >
            Next
          </Button>
        </span>
      )}
    </nav>
  );
}
