import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TUsageInput } from '@stratum/core/costing/model';
import type { TDesign } from '@stratum/core/iac/design/schema-v2';
import { FormMessage } from '../../components/form-message';
import { Spinner } from '../../components/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/tabs';
import { projectsQuery } from '../../lib/api/projects';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ByTagView } from './by-tag-view';
import { CompareView } from './compare-view';
import { DesignPicker } from './design-picker';
import {
  chooseSource,
  fileStem,
  paramsFor,
  type TOpenDesign,
  type TSourceId,
} from './design-source';
import { EstimateView } from './estimate-view';
import { HistoryView } from './history-view';
import { PlanView } from './plan-view';
import { errorText } from './query-state';
import { useChosenDesign, type TChosenDesign } from './use-chosen-design';
import { projectIdOf } from './design-source';
import { readCostingSettings, writeCostingSettings } from './stored-settings';

export interface CostingPageProps {
  /** The design open in the planner, read when the page opens (the shell provides it). */
  openDesign: () => TOpenDesign | null;
}

const TABS = ['estimate', 'clouds', 'plan', 'history', 'tags'] as const;
type TTab = (typeof TABS)[number];

function tabFromHash(): TTab {
  const hash = window.location.hash.slice(1);
  return (TABS as readonly string[]).includes(hash) ? (hash as TTab) : 'estimate';
}

/** What the user set for one design: the environment and the usage assumptions. */
interface TSettings {
  source: TSourceId | null;
  environment: string | undefined;
  usage: TUsageInput;
}

function settingsOf(source: TSourceId | null): TSettings {
  return source
    ? { source, ...readCostingSettings(source) }
    : { source, environment: undefined, usage: {} };
}

/** The Costing page: a design's estimate, the three clouds side by side, a plan, the history. */
export function CostingPage({ openDesign }: CostingPageProps) {
  useDocumentTitle('Costing');
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<TTab>(tabFromHash);
  const open = useMemo(() => openDesign(), [openDesign]);
  const projects = useQuery(projectsQuery);
  const source = chooseSource(params, open, projects.data?.projects);
  const chosen = useChosenDesign(source, open);
  const [stored, setSettings] = useState<TSettings>(() => settingsOf(source));
  // Another design starts from what was set for it before in this browser, or its defaults.
  const settings: TSettings = stored.source === source ? stored : settingsOf(source);
  const update = (patch: Partial<TSettings>) => {
    const next = { ...settings, ...patch, source };
    setSettings(next);
    if (source) writeCostingSettings(source, next);
  };
  const openTab = (next: TTab) => {
    setTab(next);
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${window.location.search}#${next}`,
    );
  };
  const design = chosen.status === 'ready' ? chosen.design : null;
  const environment =
    settings.environment !== undefined &&
    design?.environments.some((e) => e.name === settings.environment)
      ? settings.environment
      : undefined;

  const priced = (render: (design: TDesign, name: string) => ReactNode) => (
    <ChosenDesign chosen={chosen} hasProjects={(projects.data?.projects.length ?? 0) > 0}>
      {render}
    </ChosenDesign>
  );

  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Costing</h1>
        <p className="max-w-3xl text-sm text-slate-700">
          What a design costs a month at list prices, on AWS, Azure and Google Cloud side by side,
          before any code exists; and what a Terraform plan adds or removes.
        </p>
      </div>
      <Tabs value={tab} onValueChange={(v) => openTab(v as TTab)}>
        <TabsList aria-label="Costing views">
          <TabsTrigger value="estimate">Estimate</TabsTrigger>
          <TabsTrigger value="clouds">Three clouds</TabsTrigger>
          <TabsTrigger value="plan">Terraform plan</TabsTrigger>
          <TabsTrigger value="history">History</TabsTrigger>
          <TabsTrigger value="tags">By tag</TabsTrigger>
        </TabsList>
        {tab !== 'plan' && tab !== 'tags' && (
          <div className="pt-5">
            <DesignPicker
              open={open}
              projects={projects.data?.projects}
              isLoadingProjects={projects.isPending}
              source={source}
              onSource={(next) => setParams(paramsFor(next), { replace: true })}
              // History prices each generation as it was made: no environment to choose.
              environments={
                tab === 'history' ? null : (design?.environments.map((e) => e.name) ?? [])
              }
              environment={environment}
              onEnvironment={(next) => update({ environment: next })}
            />
          </div>
        )}
        <TabsContent value="estimate">
          {priced((d, name) => (
            <EstimateView
              design={d}
              environment={environment}
              usage={settings.usage}
              onUsage={(usage) => update({ usage })}
              fileStem={fileStem(name)}
            />
          ))}
        </TabsContent>
        <TabsContent value="clouds">
          {priced((d, name) => (
            <CompareView
              design={d}
              environment={environment}
              usage={settings.usage}
              fileStem={fileStem(name)}
            />
          ))}
        </TabsContent>
        <TabsContent value="plan">
          <PlanView />
        </TabsContent>
        <TabsContent value="history">
          <HistoryView projectId={projectIdOf(source)} />
        </TabsContent>
        <TabsContent value="tags">
          <ByTagView />
        </TabsContent>
      </Tabs>
    </div>
  );
}

interface ChosenDesignProps {
  chosen: TChosenDesign;
  hasProjects: boolean;
  children: (design: TDesign, name: string) => ReactNode;
}

/** The chosen design's state: loading, failed, nothing to price, or the view. */
function ChosenDesign({ chosen, hasProjects, children }: ChosenDesignProps) {
  switch (chosen.status) {
    case 'ready':
      if (chosen.design.components.length === 0) {
        return (
          <EmptyDesign>
            <p>“{chosen.name}” has no components on its board yet, so there is nothing to price.</p>
          </EmptyDesign>
        );
      }
      return children(chosen.design, chosen.name);
    case 'loading':
      return (
        <div role="status" className="flex items-center gap-2 py-8 text-sm text-slate-600">
          <Spinner className="size-4" /> Loading the design…
        </div>
      );
    case 'error':
      return (
        <FormMessage>
          {errorText(chosen.error, 'The project could not be loaded.')}{' '}
          <button type="button" className="font-medium underline" onClick={chosen.retry}>
            Try again
          </button>
        </FormMessage>
      );
    case 'none':
      return (
        <EmptyDesign>
          <p>
            {hasProjects
              ? 'Choose a design to price.'
              : 'You have no design yet. Put components on a board in the Planner and they are priced here, line by line.'}
          </p>
        </EmptyDesign>
      );
  }
}

function EmptyDesign({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-700">
      {children}
      <p className="mt-3">
        <Link to="/planner" className="font-semibold text-brand-700 underline underline-offset-2">
          Open the Planner
        </Link>{' '}
        or price a Terraform plan in the “Terraform plan” tab.
      </p>
    </div>
  );
}
