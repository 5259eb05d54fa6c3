import { useVirtualizer } from '@tanstack/react-virtual';
import clsx from 'clsx';
import { useRef } from 'react';
import type { TAsset } from '@stratum/core/contract/inventory/model';
import type { TTagViolation } from '@stratum/core/tags/model';
import { ASSET_COLUMNS, cellText, type TColumnId } from './columns';

const ROW_HEIGHT = 36;

export interface AssetsTableProps {
  assets: readonly TAsset[];
  total: number;
  columns: readonly TColumnId[];
  selectedId: string | null;
  onOpen: (id: string) => void;
  /** Tag policy violations by asset id: a last column with the first fix. */
  tagViolations?: ReadonlyMap<string, readonly TTagViolation[]>;
}

const POLICY_WIDTH = 220;

function policyText(violations: readonly TTagViolation[] | undefined): string {
  if (!violations || violations.length === 0) return '';
  const more = violations.length > 1 ? ` (+${violations.length - 1})` : '';
  return `Fix: ${violations[0]?.fix ?? ''}${more}`;
}

/**
 * Every filtered asset in one scrolling table: only the rows in view are in the document
 * (TanStack Virtual), so 10,000 rows scroll as smoothly as 10.
 */
export function AssetsTable({
  assets,
  total,
  columns,
  selectedId,
  onOpen,
  tagViolations,
}: AssetsTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const shown = ASSET_COLUMNS.filter((c) => columns.includes(c.id));
  const hasPolicy = tagViolations !== undefined && tagViolations.size > 0;
  const widths = [...shown.map((c) => c.width), ...(hasPolicy ? [POLICY_WIDTH] : [])];
  const template = widths.map((w) => `minmax(${w}px, 1fr)`).join(' ');
  const minWidth = widths.reduce((sum, w) => sum + w, 0);
  const virtualizer = useVirtualizer({
    count: assets.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  return (
    <div
      ref={scrollRef}
      role="table"
      aria-label="Assets"
      aria-rowcount={assets.length + 1}
      className="relative max-h-[min(70vh,640px)] overflow-auto rounded-lg border border-slate-200 bg-white"
    >
      <div role="rowgroup" className="sticky top-0 z-10" style={{ minWidth }}>
        <div
          role="row"
          aria-rowindex={1}
          className="grid border-b border-slate-200 bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase"
          style={{ gridTemplateColumns: template }}
        >
          {shown.map((c) => (
            <div key={c.id} role="columnheader" className="truncate px-3 py-2">
              {c.label}
            </div>
          ))}
          {hasPolicy && (
            <div role="columnheader" className="truncate px-3 py-2">
              Tag policy
            </div>
          )}
        </div>
      </div>
      <div
        role="rowgroup"
        className="relative"
        style={{ height: virtualizer.getTotalSize(), minWidth }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const asset = assets[item.index] as TAsset;
          return (
            <div
              key={asset.id}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={asset.id === selectedId}
              tabIndex={0}
              onClick={() => onOpen(asset.id)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onOpen(asset.id);
                }
              }}
              className={clsx(
                'absolute inset-x-0 grid cursor-pointer border-b border-slate-100 text-sm text-slate-800 hover:bg-brand-50 focus-visible:-outline-offset-2',
                asset.id === selectedId && 'bg-brand-50',
              )}
              style={{
                gridTemplateColumns: template,
                height: ROW_HEIGHT,
                transform: `translateY(${item.start}px)`,
              }}
            >
              {shown.map((c) => (
                <div
                  key={c.id}
                  role="cell"
                  title={cellText(asset, c.id)}
                  className={clsx(
                    'truncate px-3 py-2',
                    (c.id === 'address' || c.id === 'cloudId') && 'font-mono text-xs leading-5',
                  )}
                >
                  {cellText(asset, c.id)}
                </div>
              ))}
              {hasPolicy && (
                <div
                  role="cell"
                  title={policyText(tagViolations.get(asset.id))}
                  className="truncate px-3 py-2 text-xs leading-5 text-red-800"
                >
                  {policyText(tagViolations.get(asset.id))}
                </div>
              )}
            </div>
          );
        })}
      </div>
      {total > assets.length && (
        <p className="sticky left-0 border-t border-slate-200 bg-amber-50 px-3 py-2 text-xs text-amber-900">
          Showing the first {assets.length.toLocaleString()} of {total.toLocaleString()} assets:
          narrow the filters to see the rest.
        </p>
      )}
    </div>
  );
}
