import { z } from 'zod';
import { REFRESH_KINDS } from '@stratum/core/contract/inventory/model';
import type { TRefreshConfig, TRefreshCredentials } from '@stratum/core/contract/inventory/sources';

export const INTERVALS = [
  { value: '15', label: 'Every 15 minutes' },
  { value: '60', label: 'Every hour' },
  { value: '360', label: 'Every 6 hours' },
  { value: '1440', label: 'Every day' },
  { value: '10080', label: 'Every week' },
];

export const REFRESH_KIND_LABELS: Record<(typeof REFRESH_KINDS)[number], string> = {
  url: 'An https URL',
  s3: 'Amazon S3 (the s3 backend)',
  azureblob: 'Azure Blob Storage (the azurerm backend)',
  gcs: 'Google Cloud Storage (the gcs backend)',
};

const need = (value: string, message: string, path: string, ctx: z.RefinementCtx) => {
  if (value.trim() === '') ctx.addIssue({ code: 'custom', message, path: [path] });
};

/** The form's fields, flat; `toRefreshConfig` makes the contract's body from them. */
export const ZRefreshForm = z
  .object({
    kind: z.enum(REFRESH_KINDS),
    url: z.string(),
    bucket: z.string(),
    container: z.string(),
    key: z.string(),
    region: z.string(),
    /** An S3-, Azure Blob- or GCS-compatible service; empty for the cloud's own. */
    endpoint: z.string(),
    intervalMinutes: z.string(),
    authorization: z.string(),
    accessKeyId: z.string(),
    secretAccessKey: z.string(),
    sessionToken: z.string(),
    azureMode: z.enum(['azure-sas', 'azure-key']),
    gcpMode: z.enum(['gcp-service-account', 'gcp-token']),
    secret: z.string(),
    /** Keep the credentials stored with the schedule (an update that changes none). */
    keepCredentials: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'url') {
      need(v.url, 'Give the URL the state is fetched from.', 'url', ctx);
      if (v.url.trim() !== '' && !/^https?:\/\//i.test(v.url.trim()))
        ctx.addIssue({ code: 'custom', message: 'The URL starts with https://.', path: ['url'] });
      return;
    }
    need(
      v.bucket,
      v.kind === 'azureblob' ? 'Give the storage account.' : 'Give the bucket.',
      'bucket',
      ctx,
    );
    need(v.key, 'Give the key of the state file (e.g. env/prod/terraform.tfstate).', 'key', ctx);
    if (v.kind === 'azureblob') need(v.container, 'Give the container.', 'container', ctx);
    if (v.endpoint.trim() !== '' && !/^https?:\/\/[^/]+\/?$/i.test(v.endpoint.trim())) {
      ctx.addIssue({
        code: 'custom',
        message: 'The endpoint is a scheme, host and port only (https://host:port).',
        path: ['endpoint'],
      });
    }
    if (v.keepCredentials) return;
    if (v.kind === 's3') {
      need(v.accessKeyId, 'Give the access key id.', 'accessKeyId', ctx);
      need(v.secretAccessKey, 'Give the secret access key.', 'secretAccessKey', ctx);
    } else {
      need(v.secret, 'Give the credential.', 'secret', ctx);
    }
  });
export type TRefreshFormInput = z.input<typeof ZRefreshForm>;

function credentialsOf(v: TRefreshFormInput): TRefreshCredentials | undefined {
  if (v.keepCredentials) return undefined;
  switch (v.kind) {
    case 'url':
      return v.authorization.trim() === ''
        ? { kind: 'none' }
        : { kind: 'header', authorization: v.authorization.trim() };
    case 's3':
      return {
        kind: 'aws',
        accessKeyId: v.accessKeyId.trim(),
        secretAccessKey: v.secretAccessKey,
        ...(v.sessionToken.trim() ? { sessionToken: v.sessionToken.trim() } : {}),
      };
    case 'azureblob':
      return v.azureMode === 'azure-sas'
        ? { kind: 'azure-sas', sasToken: v.secret.trim().replace(/^\?/, '') }
        : { kind: 'azure-key', accountKey: v.secret.trim() };
    case 'gcs':
      return v.gcpMode === 'gcp-service-account'
        ? { kind: 'gcp-service-account', keyJson: v.secret }
        : { kind: 'gcp-token', accessToken: v.secret.trim() };
  }
}

export function toRefreshConfig(v: TRefreshFormInput): TRefreshConfig {
  const credentials = credentialsOf(v);
  const base = {
    kind: v.kind,
    intervalMinutes: Number(v.intervalMinutes),
    ...(credentials ? { credentials } : {}),
  };
  if (v.kind === 'url') return { ...base, url: v.url.trim() };
  return {
    ...base,
    bucket: v.bucket.trim(),
    key: v.key.trim(),
    ...(v.kind === 'azureblob' ? { container: v.container.trim() } : {}),
    ...(v.kind === 's3' && v.region.trim() ? { region: v.region.trim() } : {}),
    ...(v.endpoint.trim() ? { endpoint: v.endpoint.trim() } : {}),
  };
}
