import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import clsx from 'clsx';
import { ChevronDown, ChevronRight, Unplug } from 'lucide-react';
import { createContext, memo, useContext } from 'react';

export type THighlight = 'selected' | 'upstream' | 'downstream' | 'match' | 'dim' | null;

export interface TNodeData extends Record<string, unknown> {
  label: string;
  /** The resource type, or for a group how many resources it holds. */
  detail: string;
  isExternal: boolean;
  highlight: THighlight;
}
export type TFlowNode = Node<TNodeData>;

/** What a node's buttons do; given once by the canvas instead of copied into every node. */
export const GraphActions = createContext<{ onToggle: (id: string) => void }>({
  onToggle: () => undefined,
});

export const RESOURCE_SIZE = { width: 220, height: 48 };

const TONES: Record<Exclude<THighlight, null>, string> = {
  selected: 'border-brand-700 ring-2 ring-brand-600 bg-white',
  upstream: 'border-sky-500 bg-sky-50',
  downstream: 'border-orange-500 bg-orange-50',
  match: 'border-violet-600 ring-2 ring-violet-400 bg-white',
  dim: 'opacity-35 border-slate-200 bg-white',
};

const handles = (
  <>
    <Handle
      type="target"
      position={Position.Left}
      className="!size-1.5 !border-0 !bg-slate-400"
      isConnectable={false}
    />
    <Handle
      type="source"
      position={Position.Right}
      className="!size-1.5 !border-0 !bg-slate-400"
      isConnectable={false}
    />
  </>
);

/** One resource (or a dependency that is not in the source: dashed, marked external). */
export const ResourceNode = memo(function ResourceNode({ data }: NodeProps<TFlowNode>) {
  return (
    <div
      className={clsx(
        'flex h-full w-full flex-col justify-center rounded-md border px-2 text-left shadow-xs',
        data.isExternal && 'border-dashed border-slate-400 bg-slate-100',
        data.highlight ? TONES[data.highlight] : !data.isExternal && 'border-slate-300 bg-white',
      )}
      title={data.label}
    >
      {handles}
      <span className="flex items-center gap-1 truncate text-[10px] text-slate-600">
        {data.isExternal && <Unplug className="size-3 shrink-0" aria-hidden="true" />}
        {data.isExternal ? 'external · ' : ''}
        {data.detail}
      </span>
      <span className="truncate font-mono text-[11px] font-medium text-slate-900">
        {data.label}
      </span>
    </div>
  );
});

/** An expanded group (a module, a type or a cloud) with its members inside. */
export const GroupNode = memo(function GroupNode({ id, data }: NodeProps<TFlowNode>) {
  const { onToggle } = useContext(GraphActions);
  return (
    <div
      className={clsx(
        'h-full w-full rounded-lg border',
        data.isExternal
          ? 'border-dashed border-slate-400 bg-slate-50/70'
          : 'border-indigo-200 bg-indigo-50/40',
        data.highlight === 'dim' && 'opacity-50',
      )}
    >
      <button
        type="button"
        onClick={() => onToggle(id)}
        aria-label={`Collapse ${data.label}`}
        title={data.label}
        className="nodrag flex h-8 w-full items-center gap-1 truncate px-2 text-left text-xs font-semibold text-indigo-950 hover:bg-indigo-100/60"
      >
        <ChevronDown className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="truncate font-mono">{data.label}</span>
        <span className="ml-1 shrink-0 font-sans font-normal text-slate-600">{data.detail}</span>
      </button>
    </div>
  );
});

/** A collapsed group: one node standing for all its members and their edges. */
export const CollapsedNode = memo(function CollapsedNode({ id, data }: NodeProps<TFlowNode>) {
  const { onToggle } = useContext(GraphActions);
  return (
    <div
      className={clsx(
        'flex h-full w-full items-center rounded-md border-2 shadow-sm',
        data.highlight ? TONES[data.highlight] : 'border-indigo-300 bg-indigo-50',
      )}
    >
      {handles}
      <button
        type="button"
        onClick={() => onToggle(id)}
        aria-label={`Expand ${data.label}`}
        className="nodrag mx-1 rounded p-0.5 text-indigo-900 hover:bg-indigo-100"
      >
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
      <span className="min-w-0">
        <span className="block truncate font-mono text-[11px] font-semibold text-indigo-950">
          {data.label}
        </span>
        <span className="block text-[10px] text-slate-600">{data.detail}</span>
      </span>
    </div>
  );
});

/** `group` would pick up React Flow's own group styling: the expanded group is `cluster`. */
export const NODE_TYPES = { resource: ResourceNode, cluster: GroupNode, collapsed: CollapsedNode };
