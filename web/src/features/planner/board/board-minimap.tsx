import clsx from 'clsx';
import { Map as MapIcon, X } from 'lucide-react';
import { useState } from 'react';
import { MiniMap, Panel, useStore, type ReactFlowState } from '@xyflow/react';
import { CATEGORY_TONES } from './service-icon';

const MARGIN = 24;

/**
 * Whether some node lies outside the visible part of the board (then an overview helps).
 * Top-level nodes suffice: children sit inside them.
 */
function isContentOutside(s: ReactFlowState): boolean {
  const [tx, ty, zoom] = s.transform;
  if (s.width === 0 || s.height === 0) return false;
  const left = -tx / zoom;
  const top = -ty / zoom;
  const right = left + s.width / zoom;
  const bottom = top + s.height / zoom;
  for (const node of s.nodeLookup.values()) {
    if (node.parentId) continue;
    const { x, y } = node.internals.positionAbsolute;
    const width = node.measured.width ?? node.width ?? 0;
    const height = node.measured.height ?? node.height ?? 0;
    if (x < left - MARGIN || y < top - MARGIN) return true;
    if (x + width > right + MARGIN || y + height > bottom + MARGIN) return true;
  }
  return false;
}

/**
 * The overview in the bottom-right corner, only when the board is larger than its view (so it
 * never covers the nodes or the drop area of a small board), and collapsible.
 */
export function BoardMinimap() {
  const isNeeded = useStore(isContentOutside);
  const [isCollapsed, setIsCollapsed] = useState(false);
  if (!isNeeded) return null;
  const toggle = (
    <button
      type="button"
      aria-label={isCollapsed ? 'Show overview' : 'Hide overview'}
      aria-expanded={!isCollapsed}
      onClick={() => setIsCollapsed((c) => !c)}
      className={clsx(
        'flex items-center justify-center rounded-md border border-slate-200 bg-white text-slate-700 shadow-sm hover:bg-slate-50',
        isCollapsed ? 'size-8' : 'absolute top-1 right-1 z-10 size-6',
      )}
    >
      {isCollapsed ? (
        <MapIcon className="size-4" aria-hidden="true" />
      ) : (
        <X className="size-3.5" aria-hidden="true" />
      )}
    </button>
  );
  if (isCollapsed)
    return (
      <Panel position="bottom-right" className="!m-3 hidden md:block">
        {toggle}
      </Panel>
    );
  return (
    <Panel position="bottom-right" className="!m-3 hidden md:block">
      <div className="relative">
        {toggle}
        <MiniMap
          pannable
          zoomable
          ariaLabel="Board overview"
          style={{ width: 168, height: 112 }}
          className="!static !m-0 !border !border-slate-200 !shadow-sm"
          nodeColor={(n) =>
            n.type === 'container'
              ? '#ede9fe'
              : (CATEGORY_TONES[(n.data as { category: string }).category]?.accent ?? '#94a3b8')
          }
          nodeStrokeWidth={0}
        />
      </div>
    </Panel>
  );
}
