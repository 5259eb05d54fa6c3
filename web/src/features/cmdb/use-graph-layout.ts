import { useEffect, useState } from 'react';
import type { TLayoutResult } from './elk-layout';
import type { TView } from './graph-model';
import { RESOURCE_SIZE } from './graph-nodes';
import { runLayout, usesElk } from './run-layout';

export interface TLaidOut {
  view: TView;
  positions: TLayoutResult;
  /** From asking to having positions, for the page's note (and the benchmark). */
  ms: number;
}

/**
 * The drawn view laid out in a worker; a newer view supersedes a pending one. The linear layout
 * answers at once; for a small graph ELK's layout (tidier, but seconds while ELK first loads)
 * replaces it when it arrives.
 */
export function useGraphLayout(view: TView | null) {
  const [laidOut, setLaidOut] = useState<TLaidOut | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The view whose ELK layout is still to come (its nodes will move once more). */
  const [refining, setRefining] = useState<TView | null>(null);
  useEffect(() => {
    if (!view) return;
    let isCurrent = true;
    const started = performance.now();
    const request = {
      nodes: view.nodes.map((n) => ({
        id: n.id,
        ...(n.parent ? { parent: n.parent } : {}),
        width: n.kind === 'collapsed' ? 240 : RESOURCE_SIZE.width,
        height: n.kind === 'collapsed' ? 52 : RESOURCE_SIZE.height,
        isGroup: n.kind === 'group',
      })),
      edges: view.edges.map((e) => ({ id: e.id, from: e.from, to: e.to })),
    };
    const fail = (e: unknown) => {
      if (isCurrent) setError(e instanceof Error ? e.message : String(e));
    };
    let first: TLaidOut | null = null;
    runLayout(request, 'fast').then((positions) => {
      if (!isCurrent) return;
      setError(null);
      first = { view, positions, ms: Math.round(performance.now() - started) };
      setLaidOut((current) => (current?.view === view ? current : first));
    }, fail);
    if (usesElk(request)) {
      setRefining(view);
      runLayout(request, 'elk')
        .then((positions) => {
          if (!isCurrent) return;
          setError(null);
          setLaidOut({ view, positions, ms: first?.ms ?? Math.round(performance.now() - started) });
        }, fail)
        .finally(() => setRefining((current) => (current === view ? null : current)));
    } else {
      setRefining(null);
    }
    return () => {
      isCurrent = false;
    };
  }, [view]);
  return {
    laidOut: laidOut?.view === view ? laidOut : null,
    stale: laidOut,
    error,
    isRefining: view !== null && refining === view,
  };
}
