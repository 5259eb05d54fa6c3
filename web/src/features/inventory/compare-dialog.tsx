import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TSource, TVersionDiff } from '@stratum/core/contract/inventory/model';
import { Dialog } from '../../components/dialog';
import { ListState } from '../../components/list-state';
import { SelectField } from '../../components/select-field';
import { compareQuery, sourceQuery } from './api/sources';

export interface CompareDialogProps {
  source: TSource;
  onClose: () => void;
}

/** Two kept versions of a source side by side: what was added, removed and changed. */
export function CompareDialog({ source, onClose }: CompareDialogProps) {
  const detail = useQuery(sourceQuery(source.id));
  const newest = source.current.version;
  const [from, setFrom] = useState(newest - 1);
  const [to, setTo] = useState(newest);
  const diff = useQuery({ ...compareQuery(source.id, from, to), enabled: from !== to });
  const options = (detail.data?.versions ?? []).map((v) => ({
    value: String(v.version),
    label: `Version ${v.version} · ${new Date(v.importedAt).toLocaleString()}`,
  }));
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={`Compare versions of “${source.name}”`}
      className="w-[min(44rem,calc(100vw-2rem))]"
    >
      <ListState result={detail} what="the versions">
        {() => (
          <div className="space-y-4">
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField
                label="From"
                options={options}
                value={String(from)}
                onChange={(e) => setFrom(Number(e.target.value))}
              />
              <SelectField
                label="To"
                options={options}
                value={String(to)}
                onChange={(e) => setTo(Number(e.target.value))}
              />
            </div>
            {from === to ? (
              <p className="text-sm text-slate-600">Choose two different versions.</p>
            ) : (
              <ListState result={diff} what="the comparison">
                {(d) => <DiffLists diff={d} />}
              </ListState>
            )}
          </div>
        )}
      </ListState>
    </Dialog>
  );
}

function DiffLists({ diff }: { diff: TVersionDiff }) {
  if (diff.added.length + diff.removed.length + diff.changed.length === 0)
    return (
      <p className="text-sm text-slate-700">The two versions hold the same resources, unchanged.</p>
    );
  return (
    <div className="space-y-3 text-sm">
      <AddressGroup title="Added" tone="text-green-800" items={diff.added} />
      <AddressGroup title="Removed" tone="text-red-800" items={diff.removed} />
      <section>
        <h3 className="font-semibold text-amber-900">Changed ({diff.changed.length})</h3>
        <ul className="mt-1 space-y-0.5">
          {diff.changed.map((c) => (
            <li key={c.address} className="break-all">
              <span className="font-mono text-xs">{c.address}</span>{' '}
              <span className="text-slate-600">({c.attributes.join(', ')})</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function AddressGroup({ title, tone, items }: { title: string; tone: string; items: string[] }) {
  return (
    <section>
      <h3 className={`font-semibold ${tone}`}>
        {title} ({items.length})
      </h3>
      <ul className="mt-1 space-y-0.5 font-mono text-xs break-all">
        {items.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    </section>
  );
}
