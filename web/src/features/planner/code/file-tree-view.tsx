import clsx from 'clsx';
import { ChevronRight, FileCode2, Folder } from 'lucide-react';
import { useState } from 'react';
import type { TTreeNode } from './file-tree';

export interface FileTreeViewProps {
  nodes: readonly TTreeNode[];
  /** The open file; without it the tree is a read-only preview. */
  selected?: string;
  onSelect?: (path: string) => void;
  label: string;
  /** Bytes per file, shown beside it. */
  sizes?: ReadonlyMap<string, number>;
}

const formatSize = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;

/** Folders and files; folders open and close, files open in the viewer when selectable. */
export function FileTreeView({ nodes, selected, onSelect, label, sizes }: FileTreeViewProps) {
  return (
    <ul aria-label={label} className="text-sm">
      {nodes.map((n) => (
        <TreeItem
          key={n.path}
          node={n}
          depth={0}
          selected={selected}
          onSelect={onSelect}
          sizes={sizes}
        />
      ))}
    </ul>
  );
}

function TreeItem(props: {
  node: TTreeNode;
  depth: number;
  selected?: string | undefined;
  onSelect?: ((path: string) => void) | undefined;
  sizes?: ReadonlyMap<string, number> | undefined;
}) {
  const { node, depth, selected, onSelect, sizes } = props;
  const [isOpen, setIsOpen] = useState(true);
  const indent = { paddingLeft: `${depth * 14 + 6}px` };
  if (node.kind === 'folder') {
    return (
      <li>
        <button
          type="button"
          aria-expanded={isOpen}
          onClick={() => setIsOpen(!isOpen)}
          style={indent}
          className="flex w-full items-center gap-1 rounded py-0.5 pr-2 text-left text-slate-800 hover:bg-slate-100"
        >
          <ChevronRight
            className={clsx('size-3.5 shrink-0 transition-transform', isOpen && 'rotate-90')}
            aria-hidden="true"
          />
          <Folder className="size-4 shrink-0 text-amber-600" aria-hidden="true" />
          <span className="truncate">{node.name}/</span>
        </button>
        {isOpen && (
          <ul>
            {node.children.map((c) => (
              <TreeItem key={c.path} {...props} node={c} depth={depth + 1} />
            ))}
          </ul>
        )}
      </li>
    );
  }
  const size = sizes?.get(node.path);
  const content = (
    <>
      <FileCode2 className="ml-[18px] size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <span className="min-w-0 flex-1 truncate">{node.name}</span>
      {size !== undefined && (
        <span className="shrink-0 text-[11px] text-slate-500">{formatSize(size)}</span>
      )}
    </>
  );
  return (
    <li>
      {onSelect ? (
        <button
          type="button"
          aria-current={selected === node.path ? 'true' : undefined}
          onClick={() => onSelect(node.path)}
          style={indent}
          className={clsx(
            'flex w-full items-center gap-1 rounded py-0.5 pr-2 text-left',
            selected === node.path
              ? 'bg-brand-50 font-medium text-brand-800'
              : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          {content}
        </button>
      ) : (
        <div style={indent} className="flex items-center gap-1 py-0.5 pr-2 text-slate-700">
          {content}
        </div>
      )}
    </li>
  );
}
