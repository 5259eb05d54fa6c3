import type { TGenerationSummary } from '@stratum/core/contract/planner/generation';
import { Button } from '../../components/button';
import { formatLabel } from './clouds';

export interface GenerationHistoryProps {
  generations: readonly TGenerationSummary[];
  openId: string | undefined;
  onOpen: (generationId: string) => void;
}

/** The project's past generations (newest ten); one opens in the code viewer. */
export function GenerationHistory({ generations, openId, onOpen }: GenerationHistoryProps) {
  if (generations.length === 0) return null;
  return (
    <section
      aria-labelledby="history-title"
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 id="history-title" className="text-sm font-semibold text-slate-900">
        Past generations
      </h3>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {generations.slice(0, 10).map((g) => (
          <li key={g.id} className="flex flex-wrap items-center gap-3 py-2">
            <span className="text-slate-900">{new Date(g.createdAt).toLocaleString()}</span>
            <span className="text-slate-600">
              {formatLabel(g.format)} · {g.layout} · {g.fileCount} files · revision {g.revision}
            </span>
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto"
              disabled={openId === g.id}
              onClick={() => onOpen(g.id)}
            >
              {openId === g.id ? 'Open' : 'View'}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
