import { useEffect, useMemo, useState } from 'react';
import {
  K8S_KINDS,
  type TCluster,
  type TK8sKind,
  type TK8sObject,
} from '@stratum/core/contract/k8s/cluster';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { objectKey, objectLabels, objectName, objectNamespace } from './k8s-object';
import { LiveStatus } from './live-status';
import { ObjectDrawer } from './object-drawer';
import { columnsFor, KIND_LABELS } from './resource-columns';
import { ResourceTable } from './resource-table';
import { useObjectList } from './use-object-list';

export interface ResourcesViewProps {
  cluster: TCluster;
  namespace: string;
}

/** Matches the filter against name, namespace and label values, as k9s's `/` does. */
export function matchesFilter(object: TK8sObject, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  if (needle === '') return true;
  const haystack = [
    objectName(object),
    objectNamespace(object),
    ...Object.values(objectLabels(object)),
  ];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** A kind's objects in the active cluster and namespace, live, with the object drawer. */
export function ResourcesView({ cluster, namespace }: ResourcesViewProps) {
  const [kind, setKind] = useState<TK8sKind>('pods');
  const [filter, setFilter] = useState('');
  const [selectorDraft, setSelectorDraft] = useState('');
  const [labelSelector, setLabelSelector] = useState('');
  const [opened, setOpened] = useState<TK8sObject | null>(null);
  const now = useNow(5000);
  const result = useObjectList({ clusterId: cluster.id, kind, namespace, labelSelector });
  const columns = useMemo(() => columnsFor(kind, namespace === ''), [kind, namespace]);
  const shown = result.items.filter((object) => matchesFilter(object, filter));
  // The drawer follows the live copy of the object it shows, and says when it was deleted.
  const liveCopy = opened
    ? result.items.find((o) => objectKey(o) === objectKey(opened))
    : undefined;

  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[12rem_minmax(0,1fr)_minmax(0,1fr)]">
        <SelectField
          label="Kind"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as TK8sKind);
            setOpened(null);
          }}
          options={K8S_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
        />
        <TextField
          label="Filter"
          type="search"
          value={filter}
          placeholder="Name, namespace or label value"
          onChange={(event) => setFilter(event.target.value)}
        />
        <form
          className="flex items-end gap-2 sm:col-span-2 lg:col-span-1"
          onSubmit={(event) => {
            event.preventDefault();
            setLabelSelector(selectorDraft.trim());
          }}
        >
          <TextField
            label="Label selector"
            className="min-w-0 flex-1"
            value={selectorDraft}
            placeholder="app=web,tier!=cache"
            spellCheck={false}
            onChange={(event) => setSelectorDraft(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            Apply
          </Button>
        </form>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <span>
          {result.isLoading
            ? 'Loading…'
            : `${shown.length} of ${result.items.length}${result.continueToken ? '+' : ''} ${KIND_LABELS[kind].toLowerCase()}`}
          {labelSelector && ` · selector ${labelSelector}`}
        </span>
        <LiveStatus live={result.live} error={result.watchError} onRestart={result.restart} />
      </div>
      {result.listError && (
        <FormMessage>
          {result.listError}{' '}
          <button type="button" className="font-medium underline" onClick={result.restart}>
            Try again
          </button>
        </FormMessage>
      )}
      {result.isLoading ? (
        <div role="status" className="flex items-center gap-2 py-8 text-sm text-slate-600">
          <Spinner className="size-4" /> Loading {KIND_LABELS[kind].toLowerCase()}…
        </div>
      ) : shown.length === 0 && !result.listError ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          {result.items.length === 0
            ? `No ${KIND_LABELS[kind].toLowerCase()} ${namespace ? `in ${namespace}` : 'in this cluster'}.`
            : 'Nothing matches the filter.'}
        </p>
      ) : (
        <ResourceTable
          label={KIND_LABELS[kind]}
          columns={columns}
          objects={shown}
          now={now}
          onOpen={setOpened}
        />
      )}
      {result.continueToken && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            isLoading={result.isLoadingMore}
            onClick={() => void result.loadMore()}
          >
            Load more
          </Button>
        </div>
      )}
      {opened && (
        <ObjectDrawer
          cluster={cluster}
          kind={kind}
          object={liveCopy ?? opened}
          isGone={liveCopy === undefined}
          onClose={() => setOpened(null)}
        />
      )}
    </div>
  );
}
