import { Download, FileUp } from 'lucide-react';
import { useId, useState } from 'react';
import type { TUsageInput } from '@stratum/core/costing/model';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { Spinner } from '../../components/spinner';
import { usePricePlan } from './api/plan';
import { CostLinesTable } from './cost-lines-table';
import { downloadCsv, planCsv } from './csv';
import { serviceName } from './names';
import { PlanResources, PlanTotals } from './plan-result';
import { errorText } from './query-state';
import { UnpricedList } from './unpriced-list';
import { UsageAssumptions } from './usage-assumptions';

const sameName = (address: string) => address;

/** Upload `terraform show -json` output (a plan or a state) and see what it costs and changes. */
export function PlanView() {
  const inputId = useId();
  const [file, setFile] = useState<{ name: string; plan: unknown } | null>(null);
  const [usage, setUsage] = useState<TUsageInput>({});
  const [problem, setProblem] = useState<string | null>(null);
  const pricing = usePricePlan();

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setProblem(null);
    pricing.reset();
    let plan: unknown;
    try {
      plan = JSON.parse(await chosen.text()) as unknown;
    } catch (error) {
      setFile(null);
      setProblem(
        `${chosen.name} is not JSON (${error instanceof Error ? error.message : String(error)}). Choose the output of terraform show -json.`,
      );
      return;
    }
    setFile({ name: chosen.name, plan });
    setUsage({});
    pricing.mutate({ plan });
  };
  const reprice = (next: TUsageInput) => {
    if (!file) return;
    setUsage(next);
    pricing.mutate({ plan: file.plan, usage: next });
  };
  const data = pricing.data;
  const stem = file?.name.replace(/\.json$/i, '') ?? 'plan';

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="plan-upload-title"
        className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs"
      >
        <h2 id="plan-upload-title" className="text-base font-semibold text-slate-900">
          Price a Terraform plan or state
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Run{' '}
          <code className="rounded bg-slate-100 px-1 font-mono text-xs">
            terraform plan -out=tfplan
          </code>{' '}
          then{' '}
          <code className="rounded bg-slate-100 px-1 font-mono text-xs">
            terraform show -json tfplan &gt; plan.json
          </code>{' '}
          and choose <span className="font-mono text-xs">plan.json</span>. A state (the output of{' '}
          <code className="rounded bg-slate-100 px-1 font-mono text-xs">terraform show -json</code>{' '}
          without a plan) is priced as it stands. The file is sent to this Stratum server only.
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <label
            htmlFor={inputId}
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-600"
          >
            <FileUp className="size-4" aria-hidden="true" />
            Choose a plan or state (JSON)
            <input
              id={inputId}
              type="file"
              accept=".json,application/json"
              className="sr-only"
              onChange={(e) => {
                void choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
          {file && <span className="text-sm text-slate-700">{file.name}</span>}
          {pricing.isPending && (
            <span role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner className="size-4" /> Pricing…
            </span>
          )}
        </div>
        {problem && <FormMessage className="mt-3">{problem}</FormMessage>}
        {pricing.isError && (
          <FormMessage className="mt-3">
            {errorText(pricing.error, 'The plan could not be priced.')}
          </FormMessage>
        )}
      </section>

      {!data && !pricing.isPending && !problem && !pricing.isError && (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          No plan chosen yet: its resources, their monthly cost before and after, and the difference
          show here.
        </p>
      )}

      {data && file && (
        <>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <PlanTotals plan={data} />
            <Button
              variant="secondary"
              size="sm"
              onClick={() => downloadCsv(`${stem}-costs.csv`, planCsv(data))}
            >
              <Download className="size-4" aria-hidden="true" />
              Export plan (CSV)
            </Button>
          </div>
          <section aria-labelledby="plan-resources-title" className="space-y-2">
            <h2 id="plan-resources-title" className="text-base font-semibold text-slate-900">
              Resources ({data.resources.length})
            </h2>
            <PlanResources resources={data.resources} />
          </section>
          <section aria-labelledby="plan-lines-title" className="space-y-2">
            <h2 id="plan-lines-title" className="text-base font-semibold text-slate-900">
              Priced lines
            </h2>
            <p className="text-xs text-slate-600">
              Each resource&apos;s lines after the plan; a deleted resource shows what it costs
              until it is deleted.
            </p>
            <CostLinesTable
              lines={data.resources.flatMap((r) => r.lines)}
              nameOf={sameName}
              serviceName={serviceName}
              label="Priced lines of the plan"
              nameHeader="Resource"
            />
          </section>
          <section aria-labelledby="plan-unpriced-title" className="space-y-2">
            <h2 id="plan-unpriced-title" className="text-base font-semibold text-slate-900">
              Not priced{data.unpriced.length > 0 ? ` (${data.unpriced.length})` : ''}
            </h2>
            <UnpricedList
              unpriced={data.unpriced}
              nameOf={sameName}
              serviceName={serviceName}
              empty="Every resource has a list price."
            />
          </section>
          {data.assumptions.length > 0 && (
            <section aria-labelledby="plan-usage-title" className="space-y-2">
              <h2 id="plan-usage-title" className="text-base font-semibold text-slate-900">
                Usage assumptions
              </h2>
              <UsageAssumptions
                assumptions={data.assumptions}
                usage={usage}
                nameOf={sameName}
                onChange={reprice}
              />
            </section>
          )}
        </>
      )}
    </div>
  );
}
