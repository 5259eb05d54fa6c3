import clsx from 'clsx';
import type { TForumCategory } from '@stratum/core/contract/forums/forum';

export interface CategoryListProps {
  categories: TForumCategory[];
  selectedId: string | undefined;
  onSelect: (id: string | undefined) => void;
}

/** The categories in the staff's order, with their thread counts; "All" first. */
export function CategoryList({ categories, selectedId, onSelect }: CategoryListProps) {
  const item = (id: string | undefined, name: string, detail: string, count: number | null) => (
    <li key={id ?? 'all'} className="shrink-0 lg:shrink">
      <button
        type="button"
        aria-current={selectedId === id ? 'true' : undefined}
        onClick={() => onSelect(id)}
        className={clsx(
          'w-full rounded-md px-3 py-2 text-left text-sm',
          selectedId === id ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-100',
        )}
      >
        <span className="flex items-center justify-between gap-2 font-medium">
          {name}
          {count !== null && <span className="text-xs font-normal text-slate-600">{count}</span>}
        </span>
        {detail && (
          <span className="mt-0.5 hidden text-xs text-slate-600 lg:line-clamp-2">{detail}</span>
        )}
      </button>
    </li>
  );
  return (
    <nav aria-label="Categories">
      <ul className="flex gap-1 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible">
        {item(undefined, 'All threads', '', null)}
        {categories.map((c) => item(c.id, c.name, c.description, c.threadCount))}
      </ul>
    </nav>
  );
}
