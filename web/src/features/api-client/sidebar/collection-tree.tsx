import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragMoveEvent,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import clsx from 'clsx';
import { ChevronRight, Folder, FolderOpen, GripVertical, MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import type { TCollectionDoc, TCollectionItem } from '@stratum/core/api-client/model';
import { findItem } from '@stratum/core/api-client/collection-ops';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../../../components/menu';
import { METHOD_COLOURS } from '../editor/url-bar';
import {
  dropPosition,
  moveTarget,
  treeLines,
  type TDropPosition,
  type TTreeLine,
} from './tree-rows';

export interface CollectionTreeProps {
  doc: TCollectionDoc;
  /** The item open in the active tab, marked in the tree. */
  activeItemId: string | null;
  onOpen: (itemId: string) => void;
  /** `moveItem(doc, itemId, folderId, index)`. */
  onMove: (itemId: string, folderId: string | null, index: number) => void;
  onAddRequest: (folderId: string | null) => void;
  onAddFolder: (folderId: string | null) => void;
  onRename: (item: TCollectionItem) => void;
  onDuplicate: (item: TCollectionItem) => void;
  onDelete: (item: TCollectionItem) => void;
}

interface TIntent {
  overId: string;
  position: TDropPosition;
}

/**
 * A collection's folders and requests. Drag a row by its handle (mouse, touch, or keyboard:
 * Space to lift, arrows to move, Space to drop, Escape to cancel) before, after or into a folder.
 */
export function CollectionTree(props: CollectionTreeProps) {
  const { doc, onMove } = props;
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const [intent, setIntent] = useState<TIntent | null>(null);
  const lines = treeLines(doc, open);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor),
  );
  const nameOf = (id: string | number) => findItem(doc, String(id))?.item.name ?? String(id);
  const intentOf = (event: DragMoveEvent): TIntent | null => {
    const { active, over } = event;
    const translated = active.rect.current.translated;
    if (!over || !translated) return null;
    const line = lines.find((l) => l.item.id === over.id);
    if (!line) return null;
    const centre = translated.top + translated.height / 2;
    const ratio = over.rect.height > 0 ? (centre - over.rect.top) / over.rect.height : 0.5;
    return { overId: line.item.id, position: dropPosition(line, ratio) };
  };
  const handleEnd = (event: DragEndEvent) => {
    const dropped = intentOf(event);
    setIntent(null);
    if (!dropped) return;
    const target = moveTarget(doc, String(event.active.id), dropped.overId, dropped.position);
    if (!target) return;
    if (dropped.position === 'inside') setOpen((s) => new Set(s).add(dropped.overId));
    onMove(String(event.active.id), target.folderId, target.index);
  };
  const toggle = (id: string) =>
    setOpen((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  if (lines.length === 0) {
    return (
      <p className="px-2 py-1.5 text-xs text-slate-600">Empty. Add a request from its menu.</p>
    );
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragMove={(event) => setIntent(intentOf(event))}
      onDragEnd={handleEnd}
      onDragCancel={() => setIntent(null)}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To move this item, press Space or Enter, use the arrow keys to choose where, then press Space or Enter again. Escape cancels.',
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over
              ? `${nameOf(active.id)} is over ${nameOf(over.id)}.`
              : `${nameOf(active.id)} is over nothing.`,
          onDragEnd: ({ active, over }) =>
            over
              ? `${nameOf(active.id)} dropped on ${nameOf(over.id)}.`
              : `${nameOf(active.id)} dropped.`,
          onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} cancelled.`,
        },
      }}
    >
      <ul role="list" aria-label={`Items of ${doc.name}`} className="space-y-px">
        {lines.map((line) => (
          <TreeRow
            key={line.item.id}
            line={line}
            intent={intent?.overId === line.item.id ? intent.position : null}
            onToggle={() => toggle(line.item.id)}
            {...props}
          />
        ))}
      </ul>
    </DndContext>
  );
}

interface TreeRowProps extends CollectionTreeProps {
  line: TTreeLine;
  intent: TDropPosition | null;
  onToggle: () => void;
}

function TreeRow({
  line,
  intent,
  onToggle,
  activeItemId,
  onOpen,
  onAddRequest,
  onAddFolder,
  onRename,
  onDuplicate,
  onDelete,
}: TreeRowProps) {
  const { item, depth, isOpen } = line;
  const drag = useDraggable({ id: item.id });
  const drop = useDroppable({ id: item.id });
  const isFolder = item.kind === 'folder';
  return (
    <li
      ref={(node) => {
        drag.setNodeRef(node);
        drop.setNodeRef(node);
      }}
      data-item-id={item.id}
      style={{
        transform: CSS.Translate.toString(drag.transform),
        paddingLeft: `${depth * 0.9}rem`,
      }}
      className={clsx(
        'group relative flex items-center gap-0.5 rounded-md pr-1 text-sm',
        drag.isDragging ? 'z-10 bg-white opacity-80 shadow-md' : 'hover:bg-slate-100',
        item.id === activeItemId && 'bg-brand-50',
        intent === 'inside' && 'ring-2 ring-brand-600 ring-inset',
        intent === 'before' &&
          'before:absolute before:inset-x-0 before:top-0 before:h-0.5 before:bg-brand-600',
        intent === 'after' &&
          'after:absolute after:inset-x-0 after:bottom-0 after:h-0.5 after:bg-brand-600',
      )}
    >
      <button
        type="button"
        ref={drag.setActivatorNodeRef}
        {...drag.attributes}
        {...drag.listeners}
        aria-label={`Move ${item.name}`}
        className="cursor-grab touch-none rounded p-1 text-slate-500 hover:text-slate-800"
      >
        <GripVertical className="size-3.5" aria-hidden="true" />
      </button>
      {isFolder ? (
        <button
          type="button"
          aria-expanded={isOpen}
          onClick={onToggle}
          className="flex min-w-0 flex-1 items-center gap-1 py-1.5 text-left text-slate-900"
        >
          <ChevronRight
            aria-hidden="true"
            className={clsx(
              'size-3.5 shrink-0 text-slate-600 transition-transform',
              isOpen && 'rotate-90',
            )}
          />
          {isOpen ? (
            <FolderOpen className="size-4 shrink-0 text-amber-600" aria-hidden="true" />
          ) : (
            <Folder className="size-4 shrink-0 text-amber-600" aria-hidden="true" />
          )}
          <span className="truncate">{item.name}</span>
        </button>
      ) : (
        <button
          type="button"
          onClick={() => onOpen(item.id)}
          aria-current={item.id === activeItemId ? 'true' : undefined}
          className="flex min-w-0 flex-1 items-center gap-2 py-1.5 pl-1 text-left text-slate-900"
        >
          <span
            className={clsx(
              'w-12 shrink-0 font-mono text-[11px] font-semibold',
              METHOD_COLOURS[item.request.method] ?? 'text-slate-700',
            )}
          >
            {item.request.method}
          </span>
          <span className="truncate">{item.name}</span>
        </button>
      )}
      <Menu>
        <MenuTrigger
          aria-label={`Actions for ${item.name}`}
          className="rounded p-1 text-slate-600 hover:bg-slate-200 hover:text-slate-900"
        >
          <MoreHorizontal className="size-4" aria-hidden="true" />
        </MenuTrigger>
        <MenuContent align="end">
          {isFolder && (
            <>
              <MenuItem onSelect={() => onAddRequest(item.id)}>New request here</MenuItem>
              <MenuItem onSelect={() => onAddFolder(item.id)}>New folder here</MenuItem>
              <MenuSeparator />
            </>
          )}
          <MenuItem onSelect={() => onRename(item)}>Rename</MenuItem>
          <MenuItem onSelect={() => onDuplicate(item)}>Duplicate</MenuItem>
          <MenuItem onSelect={() => onDelete(item)} className="text-red-700">
            Delete
          </MenuItem>
        </MenuContent>
      </Menu>
    </li>
  );
}
