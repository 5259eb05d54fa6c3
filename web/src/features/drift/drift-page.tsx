import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListState } from '../../components/list-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/tabs';
import { useDocumentTitle } from '../../lib/use-document-title';
import { scanQuery } from './api/scans';
import { ConnectionsPanel } from './connections-panel';
import { HistoryPanel } from './history-panel';
import { RulesPanel } from './rules-panel';
import { ScanForm } from './scan-form';
import { ScanResult } from './scan-result';
import { SchedulesPanel } from './schedules-panel';

type TTab = 'scan' | 'history' | 'rules' | 'schedules' | 'connections';

/** The drift detector: scans, their history, ignore rules, schedules and cloud connections. */
export function DriftPage() {
  useDocumentTitle('Drift detector');
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<TTab>('scan');
  const source = params.get('source');
  const scanId = params.get('scan');
  const scan = useQuery({ ...scanQuery(scanId ?? ''), enabled: scanId !== null });
  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: key !== 'scan' },
    );

  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Drift detector</h1>
        <p className="max-w-3xl text-sm text-slate-700">
          What IaC says against what the cloud has: from a refresh-only plan, an Azure what-if, a
          driftctl report, a snapshot of one resource type, or a live AWS read. Noise (unset values,
          timeouts, Terraform-only arguments, masked values) is dropped and counted.
        </p>
      </div>
      <Tabs value={tab} onValueChange={(v) => setTab(v as TTab)}>
        <TabsList aria-label="Drift views">
          <TabsTrigger value="scan">Scan</TabsTrigger>
          <TabsTrigger value="history">History</TabsTrigger>
          <TabsTrigger value="rules">Ignore rules</TabsTrigger>
          <TabsTrigger value="schedules">Schedules</TabsTrigger>
          <TabsTrigger value="connections">Connections</TabsTrigger>
        </TabsList>
        <TabsContent value="scan" className="space-y-6">
          <ScanForm initialSource={source} onScanned={(s) => setParam('scan', s.id)} />
          {scanId && (
            <ListState result={scan} what="the scan">
              {(s) => <ScanResult scan={s} />}
            </ListState>
          )}
        </TabsContent>
        <TabsContent value="history">
          <HistoryPanel
            source={source}
            onSource={(id) => setParam('source', id)}
            onOpen={(id) => {
              setParam('scan', id);
              setTab('scan');
            }}
          />
        </TabsContent>
        <TabsContent value="rules">
          <RulesPanel />
        </TabsContent>
        <TabsContent value="schedules">
          <SchedulesPanel />
        </TabsContent>
        <TabsContent value="connections">
          <ConnectionsPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
