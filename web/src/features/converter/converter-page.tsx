import { ArrowRightLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  CONVERT_PAIRS,
  type TConvertSource,
  type TConvertTarget,
} from '@stratum/core/convert/types';
import { CLOUDS, type TCloud } from '@stratum/core/iac/types';
import { Button } from '../../components/button';
import { Panel } from '../../components/panel';
import { SelectField } from '../../components/select-field';
import { isApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useConvert } from './api/convert';
import { ResultView } from './result-view';
import { UploadPanel } from './upload-panel';
import { detectSource, entryFile, type TUpload } from './upload';

const SOURCE_LABELS: Record<TConvertSource, string> = {
  terraform: 'Terraform',
  bicep: 'Bicep',
  arm: 'ARM template',
};
const TARGET_LABELS: Record<TConvertTarget, string> = {
  design: 'Design (opens on the board)',
  terraform: 'Terraform',
  bicep: 'Bicep',
  arm: 'ARM template',
};
const CLOUD_LABELS: Record<TCloud, string> = {
  aws: 'AWS',
  azure: 'Azure',
  gcp: 'Google Cloud',
  oci: 'Oracle Cloud',
};

/** The target a source converts to first: the other Azure format, or a design for Terraform. */
const firstTarget = (from: TConvertSource): TConvertTarget => CONVERT_PAIRS[from][0]!;

/** Issue 15 §4: upload, pick the target, compare input and output, download or open as a project. */
export function ConverterPage() {
  useDocumentTitle('IaC converter');
  const [upload, setUpload] = useState<TUpload | null>(null);
  const [from, setFrom] = useState<TConvertSource>('bicep');
  const [to, setTo] = useState<TConvertTarget>('arm');
  // '' = the input's own cloud.
  const [cloud, setCloud] = useState<TCloud | ''>('');
  const run = useConvert();
  // The result shown belongs to the request that made it, not to the pickers as they are now.
  const [shown, setShown] = useState<{ from: TConvertSource; to: TConvertTarget } | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // On a phone the result is a screen or two below the button that made it.
  useEffect(() => {
    if (run.data) resultRef.current?.scrollIntoView({ block: 'start' });
  }, [run.data]);

  const onUpload = (next: TUpload) => {
    setUpload(next);
    run.reset();
    const detected = detectSource(next.files);
    if (detected) {
      setFrom(detected);
      setTo(firstTarget(detected));
    }
  };
  const chooseFrom = (next: TConvertSource) => {
    setFrom(next);
    if (!CONVERT_PAIRS[next].includes(to)) setTo(firstTarget(next));
  };
  const isAzureOnly = to === 'bicep' || to === 'arm';
  const canPickCloud = from === 'terraform' && !isAzureOnly;
  const convert = () => {
    if (!upload) return;
    setShown({ from, to });
    run.mutate({
      from,
      to,
      ...(canPickCloud && cloud !== '' && { provider: cloud }),
      files: { ...upload.body },
    });
  };

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">IaC converter</h1>
        <p className="max-w-3xl text-sm text-slate-700">
          Terraform into a design (then into Terraform for another cloud, Bicep or ARM), Bicep into
          ARM and back. Every output is checked by the same validators as generated code, and
          whatever could not be converted is listed with the line it came from.
        </p>
      </div>

      <Panel title="Input">
        <div className="space-y-4">
          <UploadPanel upload={upload} onUpload={onUpload} />
          <div className="grid gap-3 sm:grid-cols-3">
            <SelectField
              label="Convert from"
              value={from}
              onChange={(e) => chooseFrom(e.target.value as TConvertSource)}
              options={Object.entries(SOURCE_LABELS).map(([value, label]) => ({ value, label }))}
            />
            <SelectField
              label="Convert to"
              value={to}
              onChange={(e) => setTo(e.target.value as TConvertTarget)}
              options={CONVERT_PAIRS[from].map((t) => ({ value: t, label: TARGET_LABELS[t] }))}
            />
            {canPickCloud ? (
              <SelectField
                label="Cloud of the output"
                value={cloud}
                onChange={(e) => setCloud(e.target.value as TCloud | '')}
                options={[
                  { value: '', label: 'Same as the input' },
                  ...CLOUDS.map((c) => ({ value: c, label: CLOUD_LABELS[c] })),
                ]}
                hint="Another cloud re-targets the design, with the mapping shown."
              />
            ) : (
              <p className="self-end pb-2 text-xs text-slate-600">
                {isAzureOnly ? 'Bicep and ARM templates are for Azure.' : ''}
              </p>
            )}
          </div>
          <div className="flex justify-end">
            <Button type="button" disabled={!upload} isLoading={run.isPending} onClick={convert}>
              <ArrowRightLeft aria-hidden className="size-4" />
              Convert
            </Button>
          </div>
          {run.isError && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {isApiError(run.error)
                ? run.error.message
                : 'The converter did not answer. Try again in a moment.'}
            </p>
          )}
        </div>
      </Panel>

      <div ref={resultRef} className="scroll-mt-4">
        {upload && run.data && shown && (
          <Panel title="Result">
            <ResultView
              // A new result starts with its own file selection and no highlighted line.
              key={`${run.submittedAt}`}
              inputs={upload.files}
              initialInput={entryFile(upload.files, shown.from)}
              result={run.data}
              from={shown.from}
              to={shown.to}
              isDiff={shown.from === shown.to}
            />
          </Panel>
        )}
      </div>
    </div>
  );
}
