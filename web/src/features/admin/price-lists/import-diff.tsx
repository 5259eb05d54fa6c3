import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListState } from '../../../components/list-state';
import { priceDiffQuery } from './api';
import { formatPrice } from './price-text';

export interface ImportDiffProps {
  importId: string;
}

const KIND_LABELS = { added: 'Added', changed: 'Changed', removed: 'Removed' } as const;

/** What one import changed against the version before it (old → new price). */
export function ImportDiff({ importId }: ImportDiffProps) {
  const [page, setPage] = useState(1);
  const result = useQuery(priceDiffQuery(importId, page));
  return (
    <ListState result={result} what="changes">
      {({ data }) => (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">
            {data.total} change{data.total === 1 ? '' : 's'} against{' '}
            {data.previous
              ? `${data.previous.fileName} (${data.previous.asOf ?? '?'})`
              : 'the seed price book'}
            .
          </p>
          {data.items.length > 0 && (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[36rem] text-left text-sm">
                <caption className="sr-only">Prices changed by this import</caption>
                <thead className="text-xs text-slate-600">
                  <tr>
                    <th scope="col" className="py-1 pr-3">
                      Change
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Family / SKU
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Region
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Old
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      New
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((c) => (
                    <tr
                      key={`${c.family}|${c.sku}|${c.region}`}
                      className="border-t border-slate-100"
                    >
                      <td className="py-1 pr-3">{KIND_LABELS[c.kind]}</td>
                      <td className="py-1 pr-3">
                        <span className="text-slate-500">{c.family}</span> {c.sku}
                      </td>
                      <td className="py-1 pr-3">{c.region}</td>
                      <td className="py-1 pr-3">{formatPrice(c.oldPrice)}</td>
                      <td className="py-1 pr-3">
                        {formatPrice(c.newPrice)}{' '}
                        <span className="text-xs text-slate-500">/ {c.unit}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {data.total > data.pageSize && (
            <div className="flex gap-2 text-sm">
              <button
                type="button"
                className="underline disabled:opacity-50"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Previous
              </button>
              <span>
                Page {page} of {Math.ceil(data.total / data.pageSize)}
              </span>
              <button
                type="button"
                className="underline disabled:opacity-50"
                disabled={page * data.pageSize >= data.total}
                onClick={() => setPage(page + 1)}
              >
                Next
              </button>
            </div>
          )}
        </div>
      )}
    </ListState>
  );
}
