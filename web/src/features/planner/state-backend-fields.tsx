import {
  backendFieldError,
  type TBackendSettings,
} from '@stratum/core/iac/design/backend-settings';
import { backendNamesOf } from '@stratum/core/iac/layout/backend';
import type { TDesign } from '@stratum/core/iac/design/schema-v2';
import type { TCloud } from '@stratum/core/iac/types';
import { TextField } from '../../components/text-field';

export interface StateBackendFieldsProps {
  design: TDesign;
  settings: TBackendSettings;
  onChange: (settings: TBackendSettings) => void;
}

type TField = { key: keyof TBackendSettings; label: string };

/** The names each cloud's backend reads from `layout.backend` (the rest it derives). */
const FIELDS: Record<TCloud, readonly TField[]> = {
  aws: [
    { key: 'bucket', label: 'S3 bucket' },
    { key: 'region', label: 'Bucket region' },
  ],
  azure: [
    { key: 'resourceGroup', label: 'Resource group' },
    { key: 'storageAccount', label: 'Storage account' },
    { key: 'container', label: 'Container' },
  ],
  gcp: [{ key: 'bucket', label: 'Cloud Storage bucket' }],
  oci: [
    { key: 'bucket', label: 'Object Storage bucket' },
    { key: 'namespace', label: 'Object Storage namespace' },
    { key: 'region', label: 'Bucket region' },
  ],
};

/** The value the engine uses when the field is empty, shown as the placeholder. */
function derived(design: TDesign, key: keyof TBackendSettings): string {
  if (key === 'namespace') return 'given at terraform init';
  return backendNamesOf({ ...design, layout: { ...design.layout, backend: {} } })[key];
}

/** Step 4: where Terraform keeps each environment's state; empty fields use derived names. */
export function StateBackendFields({ design, settings, onChange }: StateBackendFieldsProps) {
  const set = (key: keyof TBackendSettings, value: string) => {
    const next: TBackendSettings = { ...settings };
    if (value.trim() === '') delete next[key];
    else next[key] = value.trim();
    onChange(next);
  };
  const fields: readonly TField[] = [
    ...FIELDS[design.provider],
    { key: 'keyPrefix', label: 'State key prefix' },
  ];
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">Terraform state</legend>
      <p className="text-xs text-slate-600">
        One state per environment in this store. Empty fields use the name shown.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.map((f) => (
          <TextField
            key={f.key}
            label={f.label}
            value={settings[f.key] ?? ''}
            error={backendFieldError(f.key, settings[f.key] ?? '')}
            placeholder={f.key === 'namespace' ? 'given at terraform init' : derived(design, f.key)}
            onChange={(e) => set(f.key, e.target.value)}
          />
        ))}
      </div>
    </fieldset>
  );
}
