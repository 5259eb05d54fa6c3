import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { TCheck } from '@stratum/core/contract/monitoring/check';
import { Button } from '../../components/button';
import { ListState } from '../../components/list-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/tabs';
import { useDocumentTitle } from '../../lib/use-document-title';
import { checksQuery, incidentsQuery } from './api/monitoring';
import { CheckDetail } from './check-detail';
import { CheckFormDialog } from './check-form';
import { IncidentTimeline } from './incident-timeline';
import { MaintenancePanel } from './maintenance-panel';
import { StatusGrid } from './status-grid';
import { StatusPagePanel } from './status-page-panel';

/** Issue 16 §3: the status grid, a check's chart and incidents, maintenance and the status page. */
export function MonitoringPage() {
  useDocumentTitle('Monitoring');
  const checks = useQuery(checksQuery());
  const incidents = useQuery(incidentsQuery(null));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ check: TCheck | null } | null>(null);
  const items = checks.data ?? [];
  const selected = items.find((c) => c.id === selectedId) ?? items[0] ?? null;
  const downCount = items.filter((c) => c.state === 'down').length;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Monitoring</h1>
          <p className="max-w-3xl text-sm text-slate-700">
            HTTP(S), TCP, TLS certificate and Kubernetes health checks run on the server every 30
            seconds or more, signed in or not. A check that stays down past its retries messages you
            once, and once more when it is back.
          </p>
        </div>
        <Button onClick={() => setEditing({ check: null })}>
          <Plus className="size-4" aria-hidden="true" /> New check
        </Button>
      </div>
      <Tabs defaultValue="status">
        <TabsList aria-label="Monitoring views">
          <TabsTrigger value="status">Status</TabsTrigger>
          <TabsTrigger value="incidents">Incidents</TabsTrigger>
          <TabsTrigger value="maintenance">Maintenance</TabsTrigger>
          <TabsTrigger value="public">Status page</TabsTrigger>
        </TabsList>
        <TabsContent value="status" className="space-y-5">
          <ListState result={checks} what="the checks">
            {(list) =>
              list.length === 0 ? (
                <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
                  <p className="font-medium text-slate-900">No check yet</p>
                  <p className="mt-1 text-sm text-slate-600">
                    Add one for a web endpoint, a TCP port, a certificate or a connected cluster.
                  </p>
                </div>
              ) : (
                <>
                  <p role="status" className="text-sm text-slate-700">
                    {downCount === 0
                      ? `All ${list.length} check${list.length === 1 ? '' : 's'} up or waiting for a first run.`
                      : `${downCount} of ${list.length} checks down.`}
                  </p>
                  <StatusGrid
                    checks={list}
                    selectedId={selected?.id ?? null}
                    onSelect={setSelectedId}
                  />
                  {selected && (
                    <CheckDetail
                      key={selected.id}
                      check={selected}
                      onEdit={() => setEditing({ check: selected })}
                      onDeleted={() => setSelectedId(null)}
                    />
                  )}
                </>
              )
            }
          </ListState>
        </TabsContent>
        <TabsContent value="incidents">
          <ListState result={incidents} what="the incidents">
            {(list) => <IncidentTimeline incidents={list} showCheck />}
          </ListState>
        </TabsContent>
        <TabsContent value="maintenance">
          <MaintenancePanel checks={items} />
        </TabsContent>
        <TabsContent value="public">
          <StatusPagePanel checks={items} />
        </TabsContent>
      </Tabs>
      <CheckFormDialog
        check={editing?.check ?? null}
        isOpen={editing !== null}
        onOpenChange={(isOpen) => !isOpen && setEditing(null)}
      />
    </div>
  );
}
