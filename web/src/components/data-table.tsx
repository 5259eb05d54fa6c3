import clsx from 'clsx';
import type { ReactNode } from 'react';

export interface DataTableColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

export interface DataTableProps<T> {
  /** What the table lists, for screen readers (its caption). */
  label: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** The column that heads each card on a phone; the first one when omitted. */
  titleColumn?: string;
}

/**
 * A table on wide screens; on phones each row becomes a card of label/value pairs, so nothing
 * overflows the page. Only one of the two is displayed, and the hidden one is out of the
 * accessibility tree.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  titleColumn,
}: DataTableProps<T>) {
  if (rows.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
        {empty ?? 'Nothing to show.'}
      </p>
    );
  }
  const title = columns.find((c) => c.key === titleColumn) ?? columns[0];
  const rest = columns.filter((c) => c !== title);
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className="px-3 py-2 font-medium">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="align-top">
                {columns.map((column) => (
                  <td key={column.key} className={clsx('px-3 py-2.5', column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={label} className="space-y-3 md:hidden">
        {rows.map((row) => (
          <li
            key={rowKey(row)}
            className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 text-sm"
          >
            {title && (
              <div className="font-medium break-words text-slate-900">{title.cell(row)}</div>
            )}
            <dl className="mt-2 grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-x-3 gap-y-1.5">
              {rest.map((column) => (
                <div key={column.key} className="contents">
                  <dt className="text-slate-600">{column.header}</dt>
                  <dd className="min-w-0 break-words text-slate-900">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
