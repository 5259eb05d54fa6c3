import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useMemo } from 'react';
import type { TUsageInput } from '@stratum/core/costing/model';
import type { TDesign } from '@stratum/core/iac/design/schema-v2';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { formatUsd } from '../../lib/money';
import { estimateQuery, type TDesignEstimate } from './api/estimate';
import { BreakdownChart } from './breakdown-chart';
import { byService } from './breakdown';
import { CostLinesTable } from './cost-lines-table';
import { downloadCsv, linesCsv } from './csv';
import { cloudLabel, componentNamer, serviceName } from './names';
import { PriceDate } from './price-date';
import { QueryState } from './query-state';
import { UnpricedList } from './unpriced-list';
import { UsageAssumptions } from './usage-assumptions';

export interface EstimateViewProps {
  design: TDesign;
  environment: string | undefined;
  usage: TUsageInput;
  onUsage: (usage: TUsageInput) => void;
  /** The file name's stem of the CSV export. */
  fileStem: string;
}

/** The design's monthly estimate: total, breakdowns, every line, the gaps and the assumptions. */
export function EstimateView({ design, environment, usage, onUsage, fileStem }: EstimateViewProps) {
  const estimate = useQuery(estimateQuery({ design, environment, usage }));
  return (
    <QueryState result={estimate} what="the estimate">
      {(data, isUpdating) => (
        <EstimateResult
          data={data}
          design={design}
          usage={usage}
          onUsage={onUsage}
          isUpdating={isUpdating}
          fileStem={fileStem}
        />
      )}
    </QueryState>
  );
}

interface EstimateResultProps {
  data: TDesignEstimate;
  design: TDesign;
  usage: TUsageInput;
  onUsage: (usage: TUsageInput) => void;
  isUpdating: boolean;
  fileStem: string;
}

function EstimateResult({
  data,
  design,
  usage,
  onUsage,
  isUpdating,
  fileStem,
}: EstimateResultProps) {
  const nameOf = useMemo(() => componentNamer(design), [design]);
  const services = useMemo(() => byService(data.lines, serviceName), [data.lines]);
  const environments = data.environments.map((e) => ({
    key: e.name,
    label: e.name,
    monthly: e.monthlyTotal,
  }));
  return (
    <div className="space-y-6">
      <section
        aria-labelledby="estimate-total"
        className="flex flex-wrap items-end justify-between gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-xs"
      >
        <div className="min-w-0 space-y-1">
          <h2 id="estimate-total" className="text-sm font-medium text-slate-600">
            Estimated monthly cost
            {data.environment ? ` · ${data.environment}` : ' · base values'}
          </h2>
          <p className="flex items-center gap-2 text-3xl font-bold tracking-tight text-slate-900">
            <output aria-live="polite" aria-label="Monthly total" className="tabular-nums">
              {formatUsd(data.monthlyTotal)}
            </output>
            <span className="text-base font-normal text-slate-600">/ month</span>
            {isUpdating && <Spinner className="size-4" />}
          </p>
          <p className="text-sm text-slate-700">
            {cloudLabel(data.cloud)} · {data.region} · {data.lines.length} priced line
            {data.lines.length === 1 ? '' : 's'} ·{' '}
            {data.unpriced.length === 0
              ? 'nothing unpriced'
              : `${data.unpriced.length} not priced (listed below)`}
          </p>
          <PriceDate
            oldest={data.book.oldest}
            newest={data.book.newest}
            version={data.book.version}
          />
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => downloadCsv(`${fileStem}-estimate.csv`, linesCsv(data, nameOf))}
        >
          <Download className="size-4" aria-hidden="true" />
          Export lines (CSV)
        </Button>
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <BreakdownChart
          title="By service"
          description={`What each service adds to the ${formatUsd(data.monthlyTotal)} a month.`}
          shares={services}
          nameHeader="Service"
          empty="No service has a list price yet."
        />
        <BreakdownChart
          title="By environment"
          description="The whole design priced with each environment's overrides."
          shares={environments}
          nameHeader="Environment"
          showShare={false}
          empty="The design declares no environments: its base values are priced."
        />
      </div>

      <section aria-labelledby="lines-title" className="space-y-2">
        <h2 id="lines-title" className="text-base font-semibold text-slate-900">
          Lines
        </h2>
        <p className="text-xs text-slate-600">
          List prices in USD before tax, discounts and free tiers; a month is 730 hours. Hover a
          date for the price&apos;s source; the CSV export has it in full.
        </p>
        <CostLinesTable lines={data.lines} nameOf={nameOf} serviceName={serviceName} />
      </section>

      <section aria-labelledby="unpriced-title" className="space-y-2">
        <h2 id="unpriced-title" className="text-base font-semibold text-slate-900">
          Not priced{data.unpriced.length > 0 ? ` (${data.unpriced.length})` : ''}
        </h2>
        <UnpricedList unpriced={data.unpriced} nameOf={nameOf} serviceName={serviceName} />
        {data.free && data.free.length > 0 && (
          <details className="rounded-lg border border-slate-200 bg-white px-4 py-2.5 text-sm">
            <summary className="cursor-pointer text-slate-800">
              {data.free.length} component{data.free.length === 1 ? ' has' : 's have'} no charge of
              their own
            </summary>
            <ul className="mt-2 space-y-1 text-slate-700">
              {data.free.map((f) => (
                <li key={f.componentId}>
                  <span className="font-medium text-slate-900">{nameOf(f.componentId)}</span>:{' '}
                  {f.reason}
                </li>
              ))}
            </ul>
          </details>
        )}
      </section>

      <section aria-labelledby="usage-title" className="space-y-2">
        <h2 id="usage-title" className="text-base font-semibold text-slate-900">
          Usage assumptions
        </h2>
        <p className="text-xs text-slate-600">
          Storage, requests and traffic are billed by use: the estimate assumes these numbers.
          Change one and press Enter to price it again; the same values are used on every cloud.
        </p>
        <UsageAssumptions
          assumptions={data.assumptions}
          usage={usage}
          nameOf={nameOf}
          onChange={onUsage}
        />
      </section>
    </div>
  );
}
