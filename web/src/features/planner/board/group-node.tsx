import clsx from 'clsx';
import { CircleAlert } from 'lucide-react';
import { memo } from 'react';
import { Handle, NodeResizer, Position, type NodeProps } from '@xyflow/react';
import type { TBoardNode } from './board-model';
import { useBoardNodeData } from './board-node-data';
import { ServiceIcon } from './service-icon';

/** A network or subnet: a container components are dropped into, resizable when selected. */
export const GroupNode = memo(function GroupNode({
  id,
  data: flowData,
  selected,
}: NodeProps<TBoardNode>) {
  const data = useBoardNodeData(id, flowData);
  const isNetwork = data.kind === 'network';
  const errors = data.issues.filter((i) => i.severity === 'error');
  return (
    <div
      className={clsx(
        'h-full w-full rounded-xl border-2',
        isNetwork
          ? 'border-violet-300 bg-violet-50/50'
          : 'border-dashed border-sky-400 bg-sky-50/70',
        selected && 'border-brand-600',
        errors.length > 0 && !selected && 'border-red-400',
      )}
      title={data.issues.length > 0 ? data.issues.map((i) => i.message).join('\n') : undefined}
    >
      <NodeResizer
        isVisible={selected === true}
        minWidth={isNetwork ? 320 : 220}
        minHeight={isNetwork ? 200 : 110}
        lineClassName="!border-brand-600"
        handleClassName="!size-2.5 !rounded-sm !border-brand-600 !bg-white"
      />
      <div className="flex h-10 items-center gap-2 px-3">
        <span
          className={clsx(
            'flex size-6 items-center justify-center rounded',
            isNetwork ? 'bg-violet-100 text-violet-800' : 'bg-sky-100 text-sky-800',
          )}
        >
          <ServiceIcon kind={data.kind} className="size-3.5" />
        </span>
        <span className="min-w-0 truncate text-xs font-semibold text-slate-900">{data.name}</span>
        <span className="truncate text-[11px] text-slate-600">
          {data.serviceName}
          {data.detail ? ` · ${data.detail}` : ''}
        </span>
        {errors.length > 0 && (
          <span className="ml-auto flex items-center gap-0.5 rounded-full bg-red-100 px-1.5 py-0.5 text-[11px] font-semibold text-red-800">
            <CircleAlert className="size-3" aria-hidden="true" />
            {errors.length}
            <span className="sr-only"> problems: {errors.map((i) => i.message).join('; ')}</span>
          </span>
        )}
      </div>
      {!isNetwork && (
        <Handle
          type="target"
          position={Position.Left}
          style={{ top: 20 }}
          className="!size-2.5 !border-2 !border-white !bg-violet-600"
        />
      )}
    </div>
  );
});
