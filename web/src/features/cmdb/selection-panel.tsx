import { Link } from 'react-router';
import type { TGraphNode } from '@stratum/core/contract/cmdb/graph';
import { Badge } from '../../components/badge';

export interface SelectionPanelProps {
  node: TGraphNode;
  upstream: readonly TGraphNode[];
  downstream: readonly TGraphNode[];
  onPick: (id: string) => void;
}

/** The chosen node: what it is, what it depends on, and its blast radius. */
export function SelectionPanel({ node, upstream, downstream, onPick }: SelectionPanelProps) {
  return (
    <section aria-label="Selected resource" className="space-y-3 text-sm">
      <div>
        <h2 className="font-mono text-sm font-semibold break-all text-slate-900">{node.address}</h2>
        <p className="mt-1 flex flex-wrap gap-1.5">
          <Badge>{node.type}</Badge>
          {node.cloud && <Badge tone="brand">{node.cloud}</Badge>}
          {node.mode === 'data' && <Badge>data source</Badge>}
          {node.external && <Badge tone="warning">external: not in this source</Badge>}
        </p>
        {node.assetId && (
          <Link
            to={`/inventory?asset=${node.assetId}`}
            className="mt-1 inline-block text-brand-700 underline underline-offset-2"
          >
            Open in the inventory
          </Link>
        )}
      </div>
      <div className="rounded-md border border-orange-200 bg-orange-50 p-3">
        <h3 className="font-semibold text-orange-950">
          Blast radius: {downstream.length} resource{downstream.length === 1 ? '' : 's'}
        </h3>
        <p className="text-xs text-orange-900">
          {downstream.length === 0
            ? 'Nothing in this source depends on it.'
            : 'Everything that depends on it, directly or through others: a change or an outage here can reach them.'}
        </p>
        <NodeList nodes={downstream} onPick={onPick} label="Blast radius" />
      </div>
      <div className="rounded-md border border-sky-200 bg-sky-50 p-3">
        <h3 className="font-semibold text-sky-950">
          Depends on: {upstream.length} resource{upstream.length === 1 ? '' : 's'}
        </h3>
        <NodeList nodes={upstream} onPick={onPick} label="Depends on" />
      </div>
    </section>
  );
}

function NodeList({
  nodes,
  onPick,
  label,
}: {
  nodes: readonly TGraphNode[];
  onPick: (id: string) => void;
  label: string;
}) {
  if (nodes.length === 0) return null;
  return (
    <ul aria-label={label} className="mt-2 max-h-56 space-y-0.5 overflow-y-auto">
      {nodes.map((n) => (
        <li key={n.id}>
          <button
            type="button"
            onClick={() => onPick(n.id)}
            className="text-left font-mono text-xs break-all text-slate-900 underline decoration-slate-400 underline-offset-2 hover:text-brand-800"
          >
            {n.address}
          </button>
          {n.external && <span className="ml-1 text-xs text-slate-600">(external)</span>}
        </li>
      ))}
    </ul>
  );
}
