import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { lazy, Suspense, useMemo } from 'react';
import type { TCluster, TK8sKind, TK8sObject } from '@stratum/core/contract/k8s/cluster';
import { Spinner } from '../../components/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/tabs';
import { field, objectName, objectNamespace, str } from './k8s-object';
import { PodLogs } from './pod-logs';
import { objectYaml } from './to-yaml';
import { YamlView } from './yaml-view';

// xterm.js is large: it downloads only when a terminal is opened.
const ExecTerminal = lazy(() =>
  import('./exec-terminal').then((m) => ({ default: m.ExecTerminal })),
);

export interface ObjectDrawerProps {
  cluster: TCluster;
  kind: TK8sKind;
  object: TK8sObject;
  /** The watch said it was deleted: what is shown is its last state. */
  isGone: boolean;
  onClose: () => void;
}

/** One object from the side: its YAML, and for a pod its logs and a terminal. */
export function ObjectDrawer({ cluster, kind, object, isGone, onClose }: ObjectDrawerProps) {
  const name = objectName(object);
  const namespace = objectNamespace(object);
  const yaml = useMemo(() => objectYaml(object), [object]);
  const isPod = kind === 'pods';
  const title = `${str(field(object, 'kind')) || kind} ${namespace ? `${namespace}/` : ''}${name}`;
  return (
    <RadixDialog.Root open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/30" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-4xl flex-col border-l border-slate-200 bg-white shadow-2xl"
        >
          <div className="flex items-start gap-3 border-b border-slate-200 px-4 py-3">
            <RadixDialog.Title className="min-w-0 flex-1 text-base font-semibold break-all text-slate-900">
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              className="rounded-md p-1 text-slate-600 hover:bg-slate-100"
            >
              <X className="size-4" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          {isGone && (
            <p
              role="status"
              className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
            >
              This object was deleted; its last known state is shown.
            </p>
          )}
          <Tabs defaultValue="yaml" className="flex min-h-0 flex-1 flex-col px-4">
            <TabsList aria-label="Object views">
              <TabsTrigger value="yaml">YAML</TabsTrigger>
              {isPod && <TabsTrigger value="logs">Logs</TabsTrigger>}
              {isPod && <TabsTrigger value="terminal">Terminal</TabsTrigger>}
            </TabsList>
            <TabsContent value="yaml" className="min-h-0 flex-1 pb-4">
              <YamlView content={yaml} label={`YAML of ${name}`} />
            </TabsContent>
            {isPod && (
              <TabsContent value="logs" className="min-h-0 flex-1 pb-4">
                <PodLogs cluster={cluster} pod={object} />
              </TabsContent>
            )}
            {isPod && (
              <TabsContent value="terminal" className="min-h-0 flex-1 pb-4">
                <Suspense
                  fallback={
                    <div role="status" className="flex items-center gap-2 text-sm text-slate-600">
                      <Spinner className="size-4" /> Loading the terminal…
                    </div>
                  }
                >
                  <ExecTerminal cluster={cluster} pod={object} />
                </Suspense>
              </TabsContent>
            )}
          </Tabs>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
