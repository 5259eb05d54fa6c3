import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { ChevronRight, MoreHorizontal } from 'lucide-react';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../../../components/menu';
import { collectionQuery, type TCollection, type TCollectionSummary } from '../api/collections';

export interface CollectionHeaderProps {
  summary: TCollectionSummary;
  isExpanded: boolean;
  onToggle: () => void;
  onDuplicate: () => void;
  onExport: () => void;
  onDelete: () => void;
  onAction: (action: 'request' | 'folder' | 'rename', collection: TCollection) => void;
}

/** A collection's row in the panel: open or close it, and its menu of actions. */
export function CollectionHeader({
  summary,
  isExpanded,
  onToggle,
  onDuplicate,
  onExport,
  onDelete,
  onAction,
}: CollectionHeaderProps) {
  // Item actions need the document; it is loaded when the collection is opened.
  const loaded = useQuery({ ...collectionQuery(summary.id), enabled: isExpanded });
  const withDoc = (action: 'request' | 'folder' | 'rename') => {
    if (loaded.data) onAction(action, loaded.data);
  };
  return (
    <div className="flex items-center gap-1 rounded-md hover:bg-slate-100">
      <button
        type="button"
        aria-expanded={isExpanded}
        onClick={onToggle}
        className="flex min-w-0 flex-1 items-center gap-1.5 px-1 py-1.5 text-left text-sm font-semibold text-slate-900"
      >
        <ChevronRight
          aria-hidden="true"
          className={clsx(
            'size-4 shrink-0 text-slate-600 transition-transform',
            isExpanded && 'rotate-90',
          )}
        />
        <span className="truncate">{summary.name}</span>
      </button>
      <Menu>
        <MenuTrigger
          aria-label={`Actions for collection ${summary.name}`}
          className="rounded p-1 text-slate-600 hover:bg-slate-200 hover:text-slate-900"
        >
          <MoreHorizontal className="size-4" aria-hidden="true" />
        </MenuTrigger>
        <MenuContent align="end">
          <MenuItem disabled={!loaded.data} onSelect={() => withDoc('request')}>
            New request
          </MenuItem>
          <MenuItem disabled={!loaded.data} onSelect={() => withDoc('folder')}>
            New folder
          </MenuItem>
          <MenuItem disabled={!loaded.data} onSelect={() => withDoc('rename')}>
            Rename
          </MenuItem>
          <MenuSeparator />
          <MenuItem onSelect={onDuplicate}>Duplicate</MenuItem>
          <MenuItem onSelect={onExport}>Export as Postman v2.1</MenuItem>
          <MenuSeparator />
          <MenuItem onSelect={onDelete} className="text-red-700">
            Delete
          </MenuItem>
        </MenuContent>
      </Menu>
    </div>
  );
}
