import clsx from 'clsx';
import { ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { CHILD_PAGE, previewOf, visibleRows } from './json-tree-rows';

const ROW_HEIGHT = 24;
const OVERSCAN = 20;

export interface JsonTreeProps {
  value: unknown;
  /** Height of the scrolling box in pixels; only the rows in it are rendered. */
  height?: number;
}

function tone(value: unknown): string {
  if (typeof value === 'string') return 'text-green-800';
  if (typeof value === 'number') return 'text-blue-800';
  if (typeof value === 'boolean' || value === null) return 'text-purple-800';
  return 'text-slate-600';
}

/**
 * A JSON value as a tree, folded except for the root. Only the rows in view are in the page
 * (fixed-height rows), and a container shows its children a hundred at a time.
 */
export function JsonTree({ value, height = 384 }: JsonTreeProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(['']));
  const [shown, setShown] = useState<ReadonlyMap<string, number>>(() => new Map());
  const [scrollTop, setScrollTop] = useState(0);
  const rows = useMemo(() => visibleRows(value, open, shown), [value, open, shown]);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const toggle = (path: string) =>
    setOpen((before) => {
      const next = new Set(before);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });
  return (
    <div
      role="region"
      aria-label="Response body as a tree"
      tabIndex={0}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      style={{ height }}
      className="overflow-auto rounded-md border border-slate-200 bg-white font-mono text-[12.5px]"
    >
      <ul style={{ height: rows.length * ROW_HEIGHT, position: 'relative' }}>
        {rows.slice(first, last).map((row, i) => {
          const top = (first + i) * ROW_HEIGHT;
          const indent = { paddingLeft: `${row.depth * 1.1 + 0.25}rem` };
          if (row.kind === 'more') {
            return (
              <li
                key={`${row.path}#more`}
                style={{ top, height: ROW_HEIGHT, ...indent }}
                className="absolute inset-x-0 flex items-center"
              >
                <button
                  type="button"
                  className="rounded px-1 font-sans text-xs font-medium text-brand-700 underline hover:bg-brand-50"
                  onClick={() =>
                    setShown((before) => new Map(before).set(row.path, row.shown + CHILD_PAGE))
                  }
                >
                  Show {Math.min(CHILD_PAGE, row.total - row.shown)} more of {row.total - row.shown}
                </button>
              </li>
            );
          }
          const label = row.label === null ? '' : `${row.label}: `;
          return (
            <li
              key={row.path}
              style={{ top, height: ROW_HEIGHT, ...indent }}
              className="absolute inset-x-0 flex items-center gap-1 pr-2 whitespace-nowrap"
            >
              {row.isContainer ? (
                <button
                  type="button"
                  aria-expanded={row.isOpen}
                  aria-label={`${row.label ?? 'root'} ${previewOf(row.value, row.size)}`}
                  onClick={() => toggle(row.path)}
                  className="flex items-center gap-1 rounded px-0.5 hover:bg-slate-100"
                >
                  <ChevronRight
                    aria-hidden="true"
                    className={clsx(
                      'size-3.5 shrink-0 text-slate-600 transition-transform',
                      row.isOpen && 'rotate-90',
                    )}
                  />
                  <span className="text-slate-900">{label}</span>
                  <span className="text-slate-600">{previewOf(row.value, row.size)}</span>
                </button>
              ) : (
                <span className="pl-[1.125rem]">
                  <span className="text-slate-900">{label}</span>
                  <span className={tone(row.value)}>{previewOf(row.value, 0)}</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
