import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  PRICE_IMPORT_FORMAT_INFO,
  type TPriceListCloud,
} from '@stratum/core/contract/admin/price-imports';
import { Badge } from '../../../components/badge';
import { ListState } from '../../../components/list-state';
import { Panel } from '../../../components/panel';
import { formatDateTime } from '../../../lib/format-date';
import { priceImportsQuery, priceListsQuery } from './api';
import { ImportDiff } from './import-diff';
import { ImportForm } from './import-form';
import { CLOUD_LABELS, formatBytes, isStale } from './price-text';

/**
 * Admin "Price lists" (issue 13 item 2): per cloud the price list in force (its date and
 * source), an import of the provider's own file, and the history of versions with their diff.
 */
export function PriceListsTab() {
  const result = useQuery(priceListsQuery);
  return (
    <ListState result={result} what="price lists">
      {({ data }) => (
        <div className="space-y-5">
          <p className="text-sm text-slate-700">
            Book version <code className="rounded bg-slate-100 px-1">{data.bookVersion}</code>. Each
            import replaces what earlier imports said for the families and regions its file covers;
            the seed fills the rest.
          </p>
          {data.clouds.map((cloud) => (
            <CloudPriceList key={cloud.cloud} cloud={cloud} />
          ))}
        </div>
      )}
    </ListState>
  );
}

function CloudPriceList({ cloud }: { cloud: TPriceListCloud }) {
  const current = cloud.current;
  const asOf = current?.asOf ?? cloud.seed.asOf;
  return (
    <Panel
      title={CLOUD_LABELS[cloud.cloud]}
      action={
        cloud.priced ? (
          isStale(asOf) ? (
            <Badge tone="warning">Stale: prices as of {asOf}</Badge>
          ) : (
            <Badge tone="success">Priced</Badge>
          )
        ) : (
          <Badge>Unpriced</Badge>
        )
      }
    >
      <div className="grid gap-5 lg:grid-cols-2">
        <div className="space-y-2 text-sm text-slate-700">
          <h3 className="font-medium text-slate-900">In force</h3>
          {current ? (
            <p>
              {current.fileName} ({PRICE_IMPORT_FORMAT_INFO[current.format].label}), prices as of{' '}
              {current.asOf}, imported {formatDateTime(current.completedAt)}
              {current.createdBy.email ? ` by ${current.createdBy.email}` : ''}.
            </p>
          ) : (
            <p>
              {cloud.seed.rows > 0
                ? `The seed price book (prices as of ${cloud.seed.asOf ?? '?'}).`
                : 'No prices yet: import a price list.'}
            </p>
          )}
          <p>
            {cloud.rows} prices, {cloud.importedRows} of them imported.
          </p>
          {cloud.running && (
            <p role="status">
              Import running: {cloud.running.fileName}, {formatBytes(cloud.running.bytesRead)}
              {cloud.running.byteSize
                ? ` of ${formatBytes(cloud.running.byteSize)}`
                : ''} read, {cloud.running.rowsKept} prices so far.
            </p>
          )}
        </div>
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <h3 className="mb-2 text-sm font-medium text-slate-900">Import price list</h3>
          <ImportForm cloud={cloud.cloud} />
        </div>
      </div>
      <History cloud={cloud.cloud} />
    </Panel>
  );
}

function History({ cloud }: { cloud: TPriceListCloud['cloud'] }) {
  const [isOpen, setIsOpen] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const result = useQuery({ ...priceImportsQuery(cloud), enabled: isOpen });
  return (
    <details className="mt-4" onToggle={(e) => setIsOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-medium text-slate-900">
        History of versions
      </summary>
      {isOpen && (
        <ListState result={result} what="imports">
          {({ data }) =>
            data.items.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">No import yet.</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-100 text-sm">
                {data.items.map((item) => (
                  <li key={item.id} className="py-2">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{item.fileName}</span>
                      {item.isCurrent && <Badge tone="brand">In force</Badge>}
                      <Badge tone={item.status === 'failed' ? 'warning' : 'neutral'}>
                        {item.status}
                      </Badge>
                      <span className="text-slate-600">
                        {formatDateTime(item.createdAt)}
                        {item.createdBy.email ? `, ${item.createdBy.email}` : ''}
                      </span>
                    </div>
                    {item.status === 'completed' && (
                      <p className="text-slate-700">
                        {item.summary.added} added, {item.summary.changed} changed,{' '}
                        {item.summary.unchanged} unchanged, {item.summary.removed} removed,{' '}
                        {item.summary.skipped} skipped
                        {item.isApplied ? '' : ' (changed nothing)'}.{' '}
                        {item.isApplied && (
                          <button
                            type="button"
                            className="underline"
                            aria-expanded={shown === item.id}
                            onClick={() => setShown(shown === item.id ? null : item.id)}
                          >
                            {shown === item.id ? 'Hide changes' : 'Show changes'}
                          </button>
                        )}
                      </p>
                    )}
                    {item.error && <p className="text-red-800">{item.error}</p>}
                    {shown === item.id && <ImportDiff importId={item.id} />}
                  </li>
                ))}
              </ul>
            )
          }
        </ListState>
      )}
    </details>
  );
}
