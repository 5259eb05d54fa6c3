import { useQuery } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { useId, useState } from 'react';
import {
  ACTUAL_KINDS,
  type TDriftScan,
  type TDriftScanBody,
} from '@stratum/core/contract/drift/scans';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { connectionsQuery } from './api/settings';
import { driftClustersQuery, driftSourcesQuery, useRunScan } from './api/scans';
import { errorText } from './error-text';

type TActualKind = (typeof ACTUAL_KINDS)[number];
type TDesiredMode = 'source' | 'file' | 'none';

const ACTUAL_LABELS: Record<TActualKind, string> = {
  plan: 'A refresh-only plan (terraform show -json)',
  whatif: 'An Azure what-if (JSON)',
  driftctl: 'A driftctl scan report (JSON)',
  snapshot: 'A snapshot of one resource type (JSON array)',
  aws: 'Read AWS now (a stored connection)',
  k8s: 'A connected Kubernetes cluster',
};
const FILE_KINDS: readonly TActualKind[] = ['plan', 'whatif', 'driftctl', 'snapshot'];

export interface ScanFormProps {
  initialSource: string | null;
  onScanned: (scan: TDriftScan) => void;
}

/** What IaC says (a stored source or a state file) against what the cloud has. */
export function ScanForm({ initialSource, onScanned }: ScanFormProps) {
  const sources = useQuery(driftSourcesQuery());
  const connections = useQuery(connectionsQuery());
  const clusters = useQuery(driftClustersQuery());
  const [mode, setMode] = useState<TDesiredMode>(initialSource ? 'source' : 'source');
  const [sourceId, setSourceId] = useState(initialSource ?? '');
  const [desiredFile, setDesiredFile] = useState<File | null>(null);
  const [kind, setKind] = useState<TActualKind>('plan');
  const [actualFile, setActualFile] = useState<File | null>(null);
  const [resourceType, setResourceType] = useState('');
  const [connectionId, setConnectionId] = useState('');
  const [clusterId, setClusterId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const scan = useRunScan();
  const source = sourceId || sources.data?.[0]?.id || '';
  const connection = connectionId || connections.data?.[0]?.id || '';
  const cluster = clusterId || clusters.data?.[0]?.id || '';
  const carriesBoth = kind === 'plan' || kind === 'whatif';

  const submit = async () => {
    setProblem(null);
    const body = await bodyOf();
    if (typeof body === 'string') {
      setProblem(body);
      return;
    }
    scan.mutate(body, { onSuccess: onScanned });
  };

  const bodyOf = async (): Promise<TDriftScanBody | string> => {
    let desired: TDriftScanBody['desired'];
    if (mode === 'source') {
      if (!source) return 'Choose a source, or import one in the Inventory first.';
      desired = { sourceId: source };
    } else if (mode === 'file') {
      if (!desiredFile) return 'Choose the state file (terraform.tfstate).';
      desired = { kind: 'tfstate', content: await desiredFile.text() };
    } else if (!carriesBoth) {
      return 'Only a plan or a what-if carries both sides: choose a source or a state file.';
    }
    let actual: TDriftScanBody['actual'];
    if (FILE_KINDS.includes(kind)) {
      if (!actualFile) return 'Choose the file with what the cloud has.';
      const content = await actualFile.text();
      if (kind === 'snapshot') {
        if (resourceType.trim() === '')
          return 'Say which resource type the snapshot holds (e.g. aws_s3_bucket).';
        actual = { kind, content, resourceType: resourceType.trim() };
      } else actual = { kind: kind as 'plan' | 'whatif' | 'driftctl', content };
    } else if (kind === 'aws') {
      if (!connection) return 'Add an AWS connection first (in Connections).';
      actual = { kind: 'aws', connectionId: connection };
    } else {
      if (!cluster) return 'Connect a cluster first (on the Clusters page).';
      actual = { kind: 'k8s', clusterId: cluster };
    }
    return desired ? { desired, actual } : { actual };
  };

  return (
    <form
      aria-label="Run a drift scan"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-xs"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="grid gap-5 md:grid-cols-2">
        <fieldset className="min-w-0 space-y-2">
          <legend className="text-base font-semibold text-slate-900">Desired: what IaC says</legend>
          <Radio
            name="desired"
            value="source"
            checked={mode === 'source'}
            onChange={() => setMode('source')}
          >
            A source from the inventory
          </Radio>
          {mode === 'source' && (
            <SelectField
              label="Source"
              value={source}
              onChange={(e) => setSourceId(e.target.value)}
              options={(sources.data ?? []).map((s) => ({
                value: s.id,
                label: `${s.name} (${s.kind})`,
              }))}
              hint={
                sources.data?.length === 0
                  ? 'No source yet: import one in the Inventory.'
                  : undefined
              }
            />
          )}
          <Radio
            name="desired"
            value="file"
            checked={mode === 'file'}
            onChange={() => setMode('file')}
          >
            A state file
          </Radio>
          {mode === 'file' && (
            <FilePick label="Choose the state" file={desiredFile} onFile={setDesiredFile} />
          )}
          <Radio
            name="desired"
            value="none"
            checked={mode === 'none'}
            onChange={() => setMode('none')}
          >
            None: the plan or what-if carries both sides
          </Radio>
        </fieldset>
        <fieldset className="min-w-0 space-y-2">
          <legend className="text-base font-semibold text-slate-900">
            Actual: what the cloud has
          </legend>
          <SelectField
            label="Read from"
            value={kind}
            onChange={(e) => setKind(e.target.value as TActualKind)}
            options={ACTUAL_KINDS.map((k) => ({ value: k, label: ACTUAL_LABELS[k] }))}
          />
          {FILE_KINDS.includes(kind) && (
            <FilePick label="Choose the file" file={actualFile} onFile={setActualFile} />
          )}
          {kind === 'plan' && (
            <p className="text-xs text-slate-600">
              <code>terraform plan -refresh-only -out=tfplan</code> then{' '}
              <code>terraform show -json tfplan</code>: its resource_drift is what changed outside
              Terraform.
            </p>
          )}
          {kind === 'snapshot' && (
            <TextField
              label="Resource type"
              placeholder="aws_s3_bucket"
              value={resourceType}
              onChange={(e) => setResourceType(e.target.value)}
              hint="The file: a JSON array of that type's attributes as the provider reads them (the shape state uses)."
            />
          )}
          {kind === 'aws' && (
            <SelectField
              label="AWS connection"
              value={connection}
              onChange={(e) => setConnectionId(e.target.value)}
              options={(connections.data ?? []).map((c) => ({
                value: c.id,
                label: `${c.name} (${c.region})`,
              }))}
              hint={
                connections.data?.length === 0
                  ? 'None yet: add one in the Connections tab.'
                  : 'Reads EC2 instances and volumes, security groups, S3 buckets and RDS instances.'
              }
            />
          )}
          {kind === 'k8s' && (
            <SelectField
              label="Cluster"
              value={cluster}
              onChange={(e) => setClusterId(e.target.value)}
              options={(clusters.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              hint={
                clusters.data?.length === 0
                  ? 'No cluster connected: add one on the Clusters page.'
                  : 'Live objects compared with the manifests Stratum applied.'
              }
            />
          )}
        </fieldset>
      </div>
      {problem && <FormMessage>{problem}</FormMessage>}
      {scan.isError && <FormMessage>{errorText(scan.error, 'The scan failed.')}</FormMessage>}
      <Button type="submit" isLoading={scan.isPending}>
        Run the scan
      </Button>
    </form>
  );
}

function Radio({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: string;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="size-4 accent-brand-600"
      />
      {children}
    </label>
  );
}

function FilePick({
  label,
  file,
  onFile,
}: {
  label: string;
  file: File | null;
  onFile: (f: File | null) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label
        htmlFor={id}
        className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 focus-within:outline-2 focus-within:outline-brand-600 hover:bg-slate-50"
      >
        <FileUp className="size-4" aria-hidden="true" />
        {label}
        <input
          id={id}
          type="file"
          accept=".json,.tfstate,application/json"
          className="sr-only"
          onChange={(e) => {
            onFile(e.target.files?.[0] ?? null);
            e.target.value = '';
          }}
        />
      </label>
      <span className="text-sm break-all text-slate-700">
        {file ? file.name : 'No file chosen'}
      </span>
    </div>
  );
}
