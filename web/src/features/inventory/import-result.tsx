import { CheckCircle2, TriangleAlert } from 'lucide-react';
import type { TImportWarning, TSourceCounts } from '@stratum/core/contract/inventory/model';

export interface ImportResultProps {
  name: string;
  version: number;
  counts: TSourceCounts;
  warnings: readonly TImportWarning[];
}

/** What an import took in, and what it could not take as it was. */
export function ImportResult({ name, version, counts, warnings }: ImportResultProps) {
  return (
    <div
      role="status"
      className="space-y-3 rounded-md border border-green-200 bg-green-50 p-4 text-sm"
    >
      <p className="flex items-center gap-2 font-medium text-green-900">
        <CheckCircle2 className="size-4" aria-hidden="true" />
        Imported “{name}” (version {version}): {counts.managed.toLocaleString()} managed resource
        instance{counts.managed === 1 ? '' : 's'}.
      </p>
      <CountsLine counts={counts} />
      {warnings.length > 0 && <WarningList warnings={warnings} />}
    </div>
  );
}

export function CountsLine({ counts }: { counts: TSourceCounts }) {
  const parts: [string, number][] = [
    [counts.blocks === 1 ? 'block' : 'blocks', counts.blocks],
    [counts.instances === 1 ? 'instance' : 'instances', counts.instances],
    ['managed', counts.managed],
    [counts.data === 1 ? 'data source' : 'data sources', counts.data],
    [counts.modules === 1 ? 'module' : 'modules', counts.modules],
    [counts.outputs === 1 ? 'output' : 'outputs', counts.outputs],
  ];
  return (
    <ul aria-label="Counts" className="flex flex-wrap gap-x-4 gap-y-1 text-slate-800">
      {parts.map(([label, n]) => (
        <li key={label}>
          <span className="font-semibold tabular-nums">{n.toLocaleString()}</span> {label}
        </li>
      ))}
    </ul>
  );
}

export function WarningList({ warnings }: { warnings: readonly TImportWarning[] }) {
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-950">
      <p className="flex items-center gap-1.5 font-medium">
        <TriangleAlert className="size-4" aria-hidden="true" />
        {warnings.reduce((n, w) => n + w.count, 0).toLocaleString()} warning
        {warnings.reduce((n, w) => n + w.count, 0) === 1 ? '' : 's'}
      </p>
      <ul className="mt-1 space-y-1.5">
        {warnings.map((w) => (
          <li key={w.code}>
            {w.message} <span className="text-amber-800">({w.count.toLocaleString()})</span>
            {w.examples.length > 0 && (
              <details className="mt-0.5">
                <summary className="cursor-pointer text-xs text-amber-900 underline">
                  Which ({Math.min(w.examples.length, w.count)} shown)
                </summary>
                <ul className="mt-1 font-mono text-xs break-all">
                  {w.examples.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
