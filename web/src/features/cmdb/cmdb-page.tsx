import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListState } from '../../components/list-state';
import { SelectField } from '../../components/select-field';
import { useDocumentTitle } from '../../lib/use-document-title';
import { cmdbClustersQuery, cmdbSourcesQuery, graphQuery } from './api/graph';
import { GraphExplorer } from './graph-explorer';
import { warmLayout } from './run-layout';

/** The CMDB: one source's dependency graph, explored. */
export function CmdbPage() {
  useDocumentTitle('CMDB');
  useEffect(warmLayout, []);
  const [params, setParams] = useSearchParams();
  const sources = useQuery(cmdbSourcesQuery());
  const chosen = params.get('source') ?? sources.data?.[0]?.id ?? null;
  const cluster = params.get('cluster');
  const clusters = useQuery(cmdbClustersQuery());
  const graph = useQuery({ ...graphQuery(chosen ?? '', cluster), enabled: chosen !== null });
  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('focus');
        return next;
      },
      { replace: true },
    );

  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">CMDB</h1>
        <p className="max-w-3xl text-sm text-slate-700">
          The dependency graph of a source, from its state&apos;s dependencies and its plan&apos;s
          references: modules as groups, what each resource needs, and what would be hit if it
          changed.
        </p>
      </div>
      <ListState result={sources} what="the sources">
        {(items) =>
          items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-700">
              No source yet.{' '}
              <Link
                to="/inventory"
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                Import a Terraform state or plan in the Inventory
              </Link>{' '}
              and its graph shows here.
            </p>
          ) : (
            <>
              <div className="flex flex-wrap gap-3">
                <SelectField
                  label="Source"
                  className="w-full max-w-md"
                  value={chosen ?? ''}
                  onChange={(e) => setParam('source', e.target.value)}
                  options={items.map((s) => ({
                    value: s.id,
                    label: `${s.name} (${s.kind}, ${s.current.counts.managed} managed)`,
                  }))}
                />
                {(clusters.data?.length ?? 0) > 0 && (
                  <SelectField
                    label="Kubernetes workloads"
                    className="w-full max-w-xs"
                    value={cluster ?? ''}
                    onChange={(e) => setParam('cluster', e.target.value || null)}
                    hint="Owner references and selectors of a connected cluster"
                    options={[
                      { value: '', label: 'None' },
                      ...(clusters.data ?? []).map((c) => ({ value: c.id, label: c.name })),
                    ]}
                  />
                )}
              </div>
              {chosen && (
                <ListState result={graph} what="the graph">
                  {(g) => (
                    <GraphExplorer
                      key={`${chosen}:${cluster ?? ''}`}
                      graph={g}
                      focusAddress={params.get('focus')}
                    />
                  )}
                </ListState>
              )}
            </>
          )
        }
      </ListState>
    </div>
  );
}
