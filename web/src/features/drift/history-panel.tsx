import { useQuery } from '@tanstack/react-query';
import { ListState } from '../../components/list-state';
import { SelectField } from '../../components/select-field';
import { driftSourcesQuery, scansQuery } from './api/scans';

export interface HistoryPanelProps {
  source: string | null;
  onSource: (id: string | null) => void;
  onOpen: (scanId: string) => void;
}

/** Past scans, newest first, per source: how the drift moved. */
export function HistoryPanel({ source, onSource, onOpen }: HistoryPanelProps) {
  const sources = useQuery(driftSourcesQuery());
  const scans = useQuery(scansQuery(source));
  const nameOf = (id: string | null) =>
    id === null
      ? 'a state file'
      : (sources.data?.find((s) => s.id === id)?.name ?? 'a deleted source');
  return (
    <div className="space-y-3">
      <SelectField
        label="Source"
        className="max-w-md"
        value={source ?? ''}
        onChange={(e) => onSource(e.target.value || null)}
        options={[
          { value: '', label: 'Every source' },
          ...(sources.data ?? []).map((s) => ({ value: s.id, label: s.name })),
        ]}
      />
      <ListState result={scans} what="the scans">
        {(items) =>
          items.length === 0 ? (
            <p className="text-sm text-slate-600">No scan yet.</p>
          ) : (
            <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <caption className="sr-only">Drift scans</caption>
                <thead className="bg-slate-50 text-xs text-slate-700 uppercase">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      When
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Desired
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Actual
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Changed
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Missing
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Unmanaged
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Unknown
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      In sync
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((s) => (
                    <tr key={s.id} className="border-t border-slate-100">
                      <td className="px-3 py-2">
                        <button
                          type="button"
                          className="text-brand-700 underline underline-offset-2"
                          onClick={() => onOpen(s.id)}
                        >
                          {new Date(s.createdAt).toLocaleString()}
                        </button>
                        {s.trigger === 'schedule' && (
                          <span className="ml-1 text-xs text-slate-600">scheduled</span>
                        )}
                      </td>
                      <td className="px-3 py-2">{nameOf(s.sourceId)}</td>
                      <td className="px-3 py-2">{s.actualKind}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{s.summary.changed}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{s.summary.missing}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{s.summary.unmanaged}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{s.summary.unknown}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{s.summary.inSync}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </ListState>
    </div>
  );
}
