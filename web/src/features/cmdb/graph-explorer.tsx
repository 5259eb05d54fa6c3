import { ReactFlowProvider } from '@xyflow/react';
import { Search } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import type { TGraph } from '@stratum/core/contract/cmdb/graph';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { inputClasses } from '../../components/text-field';
import { GraphCanvas } from './graph-canvas';
import { buildView, graphQueries, searchNodes, type TGrouping } from './graph-model';
import type { THighlight } from './graph-nodes';
import { GraphRollups, GraphWarnings } from './graph-side';
import { SelectionPanel } from './selection-panel';
import { useGraphLayout } from './use-graph-layout';

export interface GraphExplorerProps {
  graph: TGraph;
  /** An address to select when the graph opens (from the inventory's drawer). */
  focusAddress: string | null;
}

/** The graph, its groups, search, highlighting and the blast radius of the chosen node. */
export function GraphExplorer({ graph, focusAddress }: GraphExplorerProps) {
  const [grouping, setGrouping] = useState<TGrouping>('module');
  // Many external targets (a trimmed state, count = 0 resources) start folded into one node.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(
    () => new Set(graph.nodes.filter((n) => n.external).length > 20 ? ['group:external'] : []),
  );
  const [selected, setSelected] = useState<string | null>(
    () => graph.nodes.find((n) => n.address === focusAddress)?.id ?? null,
  );
  const [search, setSearch] = useState('');
  const [focusId, setFocusId] = useState<string | null>(selected);

  const queries = useMemo(() => graphQueries(graph), [graph]);
  const byId = useMemo(() => new Map(graph.nodes.map((n) => [n.id, n])), [graph]);
  const view = useMemo(() => buildView(graph, grouping, collapsed), [graph, grouping, collapsed]);
  const { laidOut, stale, error, isRefining } = useGraphLayout(view);
  const [fitting, setFitting] = useState(false);
  const shown = laidOut ?? stale;

  const upstream = useMemo(
    () => (selected ? queries.upstream(selected) : new Set<string>()),
    [selected, queries],
  );
  const downstream = useMemo(
    () => (selected ? queries.downstream(selected) : new Set<string>()),
    [selected, queries],
  );
  const matches = useMemo(() => searchNodes(graph, search), [graph, search]);

  const highlight = useCallback(
    (drawnId: string): THighlight => {
      const drawn = shown?.view.drawnAs;
      if (!drawn) return null;
      const lit = (ids: Set<string>) => [...ids].some((id) => drawn.get(id) === drawnId);
      if (selected) {
        if (drawn.get(selected) === drawnId) return 'selected';
        if (
          drawnId.startsWith('group:') &&
          !shown.view.nodes.some((n) => n.id === drawnId && n.kind === 'collapsed')
        )
          return null;
        if (lit(downstream)) return 'downstream';
        if (lit(upstream)) return 'upstream';
        return 'dim';
      }
      if (matches.length > 0) {
        return matches.some((m) => drawn.get(m.id) === drawnId)
          ? 'match'
          : drawnId.startsWith('group:')
            ? null
            : 'dim';
      }
      return null;
    },
    [shown, selected, upstream, downstream, matches],
  );

  const pick = (id: string | null) => {
    if (id?.startsWith('group:')) return;
    setSelected(id);
    setFocusId(null);
  };
  const focus = (id: string) => {
    // Expand the groups hiding it, then centre on it.
    const drawn = view.drawnAs.get(id);
    if (drawn && drawn !== id) {
      setCollapsed((c) => new Set([...c].filter((g) => g !== drawn)));
    }
    setSelected(id);
    setFocusId(id);
  };
  const toggle = (groupId: string) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (next.has(groupId)) next.delete(groupId);
      else next.add(groupId);
      return next;
    });
  const groupIds = view.nodes.filter((n) => n.kind !== 'resource' && !n.parent).map((n) => n.id);
  const selectedNode = selected ? byId.get(selected) : undefined;
  const nodesOf = (ids: Set<string>) =>
    [...ids].flatMap((id) => byId.get(id) ?? []).sort((a, b) => a.address.localeCompare(b.address));
  const resources = graph.nodes.filter((n) => !n.external).length;
  const externals = graph.nodes.length - resources;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Group by"
          className="w-40"
          value={grouping}
          onChange={(e) => {
            setGrouping(e.target.value as TGrouping);
            setCollapsed(new Set());
          }}
          options={[
            { value: 'module', label: 'Module' },
            { value: 'type', label: 'Type' },
            { value: 'cloud', label: 'Cloud' },
          ]}
        />
        <div className="relative min-w-0 flex-1 basis-56">
          <label htmlFor="cmdb-search" className="block text-sm font-medium text-slate-800">
            Search
          </label>
          <Search
            className="pointer-events-none absolute bottom-2.5 left-2.5 size-4 text-slate-500"
            aria-hidden="true"
          />
          <input
            id="cmdb-search"
            type="search"
            value={search}
            placeholder="Address, type or module"
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && matches[0]) focus(matches[0].id);
            }}
            className={`${inputClasses} mt-1 pl-8`}
          />
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => setCollapsed(new Set(groupIds))}>
            Collapse all
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setCollapsed(new Set())}>
            Expand all
          </Button>
        </div>
      </div>
      <p className="text-xs text-slate-600" role="status">
        {resources.toLocaleString()} resources, {externals.toLocaleString()} external,{' '}
        {graph.edges.length.toLocaleString()} edges
        {search.trim() !== '' &&
          ` · ${matches.length} match${matches.length === 1 ? '' : 'es'} (Enter focuses the first)`}
        {laidOut && ` · laid out in ${laidOut.ms} ms`}
      </p>
      {error && <FormMessage>The layout failed: {error}</FormMessage>}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div
          role="region"
          aria-label="Dependency graph"
          // The tidier layout of a small graph is still coming, or the view is still being fitted
          // to the last one: its nodes will move once more.
          aria-busy={isRefining || fitting}
          className="relative h-[65vh] min-h-96 overflow-hidden rounded-lg border border-slate-200 bg-white"
        >
          {shown ? (
            <ReactFlowProvider>
              <GraphCanvas
                laidOut={shown}
                highlight={highlight}
                onSelect={pick}
                onToggle={toggle}
                onFitting={setFitting}
                focusId={
                  focusId && shown.view.drawnAs.get(focusId)
                    ? (shown.view.drawnAs.get(focusId) ?? null)
                    : null
                }
              />
            </ReactFlowProvider>
          ) : (
            <div
              role="status"
              className="flex h-full items-center justify-center gap-2 text-sm text-slate-600"
            >
              <Spinner className="size-4" /> Laying out {graph.nodes.length.toLocaleString()} nodes…
            </div>
          )}
          <p className="absolute bottom-2 left-12 rounded bg-white/90 px-2 py-1 text-[11px] text-slate-700">
            Arrows point to what depends on a resource. Dashed lines: plan references; dashed boxes:
            external.
          </p>
        </div>
        <aside className="min-w-0 space-y-4">
          {selectedNode ? (
            <SelectionPanel
              node={selectedNode}
              upstream={nodesOf(upstream)}
              downstream={nodesOf(downstream)}
              onPick={focus}
            />
          ) : (
            <p className="rounded-md border border-dashed border-slate-300 p-3 text-sm text-slate-700">
              Choose a resource in the graph to see what it depends on and its blast radius:
              everything that depends on it.
            </p>
          )}
          <GraphWarnings graph={graph} />
          <GraphRollups graph={graph} onSearch={setSearch} />
        </aside>
      </div>
    </div>
  );
}
