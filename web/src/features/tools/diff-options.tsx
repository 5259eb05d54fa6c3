import { ArrowLeftRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/button';
import { Checkbox } from './checkbox';
import { SegmentedControl } from './segmented-control';
import type { TDiffLayout } from './diff-view';

const LAYOUTS = [
  { value: 'split', label: 'Side by side' },
  { value: 'unified', label: 'Unified' },
] as const;

/** Unchanged lines shown around each change. */
export const CONTEXTS = { '3': 3, '10': 10, all: Infinity } as const;
export type TContext = keyof typeof CONTEXTS;

export interface DiffOptionsProps {
  layout: TDiffLayout;
  ignoreWhitespace: boolean;
  ignoreCase: boolean;
  context: TContext;
  canSwap: boolean;
  onLayoutChange: (layout: TDiffLayout) => void;
  onIgnoreWhitespaceChange: (value: boolean) => void;
  onIgnoreCaseChange: (value: boolean) => void;
  onContextChange: (context: TContext) => void;
  onSwap: () => void;
}

/** The bar between the inputs and the result: view, what to ignore, context, swap. */
export function DiffOptions({
  layout,
  ignoreWhitespace,
  ignoreCase,
  context,
  canSwap,
  onLayoutChange,
  onIgnoreWhitespaceChange,
  onIgnoreCaseChange,
  onContextChange,
  onSwap,
}: DiffOptionsProps) {
  const contextId = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-xs">
      <SegmentedControl legend="View" options={LAYOUTS} value={layout} onChange={onLayoutChange} />
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <Checkbox
          label="Ignore whitespace"
          checked={ignoreWhitespace}
          onChange={onIgnoreWhitespaceChange}
        />
        <Checkbox label="Ignore case" checked={ignoreCase} onChange={onIgnoreCaseChange} />
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={contextId} className="text-sm font-medium text-slate-800">
          Context
        </label>
        <select
          id={contextId}
          value={context}
          onChange={(event) => onContextChange(event.target.value as TContext)}
          className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900"
        >
          <option value="3">3 lines</option>
          <option value="10">10 lines</option>
          <option value="all">Whole file</option>
        </select>
      </div>
      <Button variant="ghost" size="sm" onClick={onSwap} disabled={!canSwap} className="sm:ml-auto">
        <ArrowLeftRight className="size-4" aria-hidden="true" />
        Swap sides
      </Button>
    </div>
  );
}
