import clsx from 'clsx';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { servicesOf } from '@stratum/core/iac/catalog/registry';
import { CATEGORIES } from '@stratum/core/iac/types';
import type { TPlannerState } from '@stratum/core/planner/state';
import { Button } from '../../components/button';
import { inputClasses } from '../../components/text-field';
import { CATEGORY_LABELS } from './board/service-icon';
import { matchesSearch } from './service-search';
import { ServiceOption } from './service-option';

export interface ServicesStepProps {
  plan: TPlannerState;
  onChange: (plan: TPlannerState) => void;
}

/** Step 1: the provider's catalog by category, with search, multi-select and counts. */
export function ServicesStep({ plan, onChange }: ServicesStepProps) {
  const [query, setQuery] = useState('');
  // The generic component is always on the board's palette: it is not a service to pick here.
  const all = useMemo(
    () => servicesOf(plan.selectedProvider ?? 'aws').filter((s) => s.kind !== 'resource'),
    [plan.selectedProvider],
  );
  const selected = useMemo(() => new Set(plan.selectedServices), [plan.selectedServices]);
  const onBoard = useMemo(
    () =>
      new Set(
        [...plan.architectureConfig.groups, ...plan.architectureConfig.components].map(
          (n) => n.service,
        ),
      ),
    [plan.architectureConfig],
  );
  const shown = all.filter((s) => matchesSearch(s, query));
  const setSelection = (ids: Iterable<string>) =>
    onChange({
      ...plan,
      selectedServices: all.map((s) => s.id).filter((id) => new Set(ids).has(id)),
    });
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelection(next);
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <label htmlFor="service-search" className="block text-sm font-medium text-slate-800">
            Search services
          </label>
          <div className="relative mt-1">
            <Search
              className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-500"
              aria-hidden="true"
            />
            <input
              id="service-search"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Name, kind or description"
              className={clsx(inputClasses, 'pl-9')}
            />
          </div>
        </div>
        <p className="text-sm text-slate-700" aria-live="polite">
          <strong className="text-slate-900">{selected.size}</strong> of {all.length} selected
          {query !== '' && ` · ${shown.length} shown`}
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={shown.every((s) => selected.has(s.id))}
          onClick={() => setSelection([...selected, ...shown.map((s) => s.id)])}
        >
          Select {query === '' ? 'all' : 'shown'}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={selected.size === 0}
          onClick={() => setSelection([])}
        >
          Clear
        </Button>
      </div>
      {shown.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-700">
          No service matches “{query}”.
        </p>
      )}
      {CATEGORIES.map((category) => {
        const items = shown.filter((s) => s.category === category);
        if (items.length === 0) return null;
        const total = all.filter((s) => s.category === category);
        const count = total.filter((s) => selected.has(s.id)).length;
        return (
          <section key={category} aria-labelledby={`category-${category}`}>
            <h3
              id={`category-${category}`}
              className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900"
            >
              {CATEGORY_LABELS[category]}
              <span className="text-xs font-normal text-slate-600">
                {count}/{total.length} selected
              </span>
            </h3>
            <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
              {items.map((service) => (
                <ServiceOption
                  key={service.id}
                  service={service}
                  isSelected={selected.has(service.id)}
                  isOnBoard={onBoard.has(service.id)}
                  onToggle={() => toggle(service.id)}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
