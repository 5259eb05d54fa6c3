import clsx from 'clsx';
import { AlertTriangle, Blocks, CircleAlert } from 'lucide-react';
import { memo } from 'react';
import { Handle, Position, useStore, type NodeProps, type ReactFlowState } from '@xyflow/react';
import type { TBoardNode } from './board-model';
import { useBoardNodeData } from './board-node-data';
import { CostBadge } from './cost-badge';
import { CATEGORY_TONES, ServiceIcon } from './service-icon';

/** Below this zoom the text is too small to read: nodes draw a lighter version of themselves. */
const COMPACT_ZOOM = 0.45;
const isZoomedOut = (s: ReactFlowState) => s.transform[2] < COMPACT_ZOOM;

const handles = (
  <>
    <Handle
      type="target"
      position={Position.Left}
      className="!size-2.5 !border-2 !border-white !bg-slate-500"
    />
    <Handle
      type="source"
      position={Position.Right}
      className="!size-2.5 !border-2 !border-white !bg-brand-600"
    />
  </>
);

/** A component on the board: icon, name, service, and the engine's verdict on it. */
export const ServiceNode = memo(function ServiceNode({
  id,
  data: flowData,
  selected,
}: NodeProps<TBoardNode>) {
  const data = useBoardNodeData(id, flowData);
  const errors = data.issues.filter((i) => i.severity === 'error');
  const hasIssues = data.issues.length > 0;
  const tone = CATEGORY_TONES[data.category];
  // Zoomed far out (a large board at a glance), fewer elements make drawing and panning fast.
  const isCompact = useStore(isZoomedOut);
  if (isCompact) {
    return (
      <div
        className={clsx(
          'h-[60px] w-[208px] overflow-hidden rounded-lg border-2 border-l-8 bg-white px-3 py-2 text-[15px] leading-tight font-semibold whitespace-nowrap text-slate-900',
          selected ? 'border-brand-600' : errors.length > 0 ? 'border-red-500' : 'border-slate-300',
        )}
        style={{ borderLeftColor: tone?.accent ?? '#64748b' }}
      >
        {data.name}
        {handles}
      </div>
    );
  }
  return (
    <div
      className={clsx(
        'relative flex h-[60px] w-[208px] items-center gap-2.5 rounded-lg border bg-white py-2 pr-2.5 pl-3 shadow-sm',
        selected ? 'border-brand-600 ring-2 ring-brand-600/30' : 'border-slate-300',
        errors.length > 0 && !selected && 'border-red-400',
      )}
      title={hasIssues ? data.issues.map((i) => i.message).join('\n') : undefined}
    >
      <CostBadge id={id} />
      <span
        aria-hidden="true"
        className="absolute inset-y-0 left-0 w-1 rounded-l-lg"
        style={{ background: tone?.accent ?? '#64748b' }}
      />
      <span
        className={clsx(
          'flex size-8 shrink-0 items-center justify-center rounded-md',
          tone?.chip ?? 'bg-slate-100 text-slate-700',
        )}
      >
        {data.resourceType !== undefined ? (
          <Blocks className="size-4" aria-hidden="true" />
        ) : (
          <ServiceIcon kind={data.kind} />
        )}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-[13px] leading-tight font-semibold text-slate-900">
          {data.name}
        </span>
        <span
          className={clsx(
            'block truncate text-[11px] leading-tight text-slate-600',
            data.resourceType !== undefined && 'font-mono',
          )}
        >
          {data.serviceName}
        </span>
      </span>
      {hasIssues && (
        <span
          className={clsx(
            'flex items-center gap-0.5 rounded-full px-1.5 py-0.5 text-[11px] font-semibold',
            errors.length > 0 ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900',
          )}
        >
          {errors.length > 0 ? (
            <CircleAlert className="size-3" aria-hidden="true" />
          ) : (
            <AlertTriangle className="size-3" aria-hidden="true" />
          )}
          {data.issues.length}
          <span className="sr-only">
            {' '}
            problem{data.issues.length === 1 ? '' : 's'}:{' '}
            {data.issues.map((i) => i.message).join('; ')}
          </span>
        </span>
      )}
      <Handle
        type="target"
        position={Position.Left}
        className="!size-2.5 !border-2 !border-white !bg-slate-500"
      />
      <Handle
        type="source"
        position={Position.Right}
        className="!size-2.5 !border-2 !border-white !bg-brand-600"
      />
    </div>
  );
});
