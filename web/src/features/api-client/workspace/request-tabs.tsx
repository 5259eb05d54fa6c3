import clsx from 'clsx';
import { Plus, X } from 'lucide-react';
import { METHOD_COLOURS } from '../editor/url-bar';
import { isDirty, type TOpenTab } from './workspace-store';

export interface RequestTabsProps {
  tabs: readonly TOpenTab[];
  activeId: string | null;
  onActivate: (id: string) => void;
  onClose: (tab: TOpenTab) => void;
  onNew: () => void;
}

/** The open requests, each with its method and an unsaved-changes dot; scrolls sideways. */
export function RequestTabs({ tabs, activeId, onActivate, onClose, onNew }: RequestTabsProps) {
  return (
    <div className="flex min-w-0 items-end gap-1">
      <ul
        aria-label="Open requests"
        className="flex min-w-0 gap-1 overflow-x-auto [scrollbar-width:thin]"
      >
        {tabs.map((tab) => {
          const isActive = tab.id === activeId;
          const dirty = isDirty(tab);
          return (
            <li
              key={tab.id}
              className={clsx(
                'flex max-w-56 shrink-0 items-center rounded-t-md border border-b-0 text-sm',
                isActive
                  ? 'border-slate-300 bg-white'
                  : 'border-transparent bg-slate-100 hover:bg-slate-200',
              )}
            >
              <button
                type="button"
                aria-current={isActive ? 'page' : undefined}
                onClick={() => onActivate(tab.id)}
                className="flex min-w-0 items-center gap-1.5 py-1.5 pr-1 pl-2.5"
              >
                <span
                  className={clsx(
                    'font-mono text-[11px] font-semibold',
                    METHOD_COLOURS[tab.draft.method] ?? 'text-slate-700',
                  )}
                >
                  {tab.draft.method}
                </span>
                <span className="truncate text-slate-900">{tab.name}</span>
                {dirty && (
                  <>
                    <span
                      aria-hidden="true"
                      className="size-2 shrink-0 rounded-full bg-amber-500"
                    />
                    <span className="sr-only">(unsaved changes)</span>
                  </>
                )}
              </button>
              <button
                type="button"
                aria-label={`Close ${tab.name}`}
                onClick={() => onClose(tab)}
                className="mr-1 rounded p-0.5 text-slate-600 hover:bg-slate-200 hover:text-slate-900"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        aria-label="New request"
        onClick={onNew}
        className="mb-0.5 shrink-0 rounded-md p-1.5 text-slate-700 hover:bg-slate-200"
      >
        <Plus className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
