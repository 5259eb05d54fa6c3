import { toast } from 'sonner';
import { REFRESH_KINDS, type TSource } from '@stratum/core/contract/inventory/model';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { Dialog } from '../../components/dialog';
import { FormMessage } from '../../components/form-message';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { showServerFieldErrors, useZodForm } from '../../lib/forms';
import { useRunRefresh, useSetRefresh, useStopRefresh } from './api/sources';
import { errorText } from './error-text';
import {
  INTERVALS,
  REFRESH_KIND_LABELS,
  toRefreshConfig,
  ZRefreshForm,
  type TRefreshFormInput,
} from './refresh-form';

export interface RefreshDialogProps {
  source: TSource;
  onClose: () => void;
}

/** Where a source is fetched from on a schedule, with the credentials (stored encrypted). */
export function RefreshDialog({ source, onClose }: RefreshDialogProps) {
  const existing = source.refresh;
  const form = useZodForm(ZRefreshForm, {
    kind: existing?.kind ?? 'url',
    url: existing?.kind === 'url' ? existing.location : '',
    bucket: '',
    container: '',
    key: '',
    region: '',
    endpoint: '',
    intervalMinutes: String(existing?.intervalMinutes ?? 1440),
    authorization: '',
    accessKeyId: '',
    secretAccessKey: '',
    sessionToken: '',
    azureMode: 'azure-sas',
    gcpMode: 'gcp-service-account',
    secret: '',
    keepCredentials: existing?.hasCredentials ?? false,
  } satisfies TRefreshFormInput);
  const save = useSetRefresh(source.id);
  const stop = useStopRefresh(source.id);
  const run = useRunRefresh(source.id);
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const kind = watch('kind');
  const keep = watch('keepCredentials');

  const submit = form.handleSubmit((values) =>
    save.mutate(toRefreshConfig(values), {
      onSuccess: () => {
        toast.success(
          `“${source.name}” is refreshed ${INTERVALS.find((i) => i.value === values.intervalMinutes)?.label.toLowerCase() ?? 'on its schedule'}.`,
        );
        onClose();
      },
      onError: (e) => {
        if (!showServerFieldErrors(form, e))
          toast.error(errorText(e, 'The schedule could not be saved.'));
      },
    }),
  );

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={`Refresh “${source.name}” on a schedule`}
      description="Stratum fetches the file from where Terraform keeps it and imports it as a new version when it changed. Credentials are stored encrypted and never shown again."
      className="w-[min(40rem,calc(100vw-2rem))]"
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-3" noValidate>
        <SelectField
          label="Fetch from"
          options={REFRESH_KINDS.map((k) => ({ value: k, label: REFRESH_KIND_LABELS[k] }))}
          {...register('kind')}
        />
        {kind === 'url' ? (
          <TextField
            label="URL"
            placeholder="https://…"
            error={errors.url?.message}
            {...register('url')}
          />
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={kind === 'azureblob' ? 'Storage account' : 'Bucket'}
              error={errors.bucket?.message}
              {...register('bucket')}
            />
            {kind === 'azureblob' && (
              <TextField
                label="Container"
                error={errors.container?.message}
                {...register('container')}
              />
            )}
            {kind === 's3' && (
              <TextField label="Region" placeholder="eu-west-1" {...register('region')} />
            )}
            <TextField
              label="Key"
              placeholder="env/prod/terraform.tfstate"
              error={errors.key?.message}
              className="sm:col-span-2"
              {...register('key')}
            />
            <TextField
              label="Endpoint (optional)"
              placeholder={
                kind === 's3'
                  ? 'https://minio.example.com:9000'
                  : kind === 'azureblob'
                    ? 'http://azurite:10000'
                    : 'https://storage.example.com'
              }
              hint="Another service speaking the same protocol; empty for the cloud's own."
              error={errors.endpoint?.message}
              className="sm:col-span-2"
              {...register('endpoint')}
            />
          </div>
        )}
        <SelectField label="How often" options={INTERVALS} {...register('intervalMinutes')} />
        {existing?.hasCredentials && (
          <CheckboxField label="Keep the stored credentials" {...register('keepCredentials')} />
        )}
        {!keep && kind === 'url' && (
          <TextField
            label="Authorization header (optional)"
            placeholder="Bearer …"
            autoComplete="off"
            hint="For Terraform Cloud's state download or a protected URL."
            {...register('authorization')}
          />
        )}
        {!keep && kind === 's3' && (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Access key id"
              autoComplete="off"
              error={errors.accessKeyId?.message}
              {...register('accessKeyId')}
            />
            <TextField
              label="Secret access key"
              type="password"
              autoComplete="off"
              error={errors.secretAccessKey?.message}
              {...register('secretAccessKey')}
            />
            <TextField
              label="Session token (optional)"
              type="password"
              autoComplete="off"
              className="sm:col-span-2"
              {...register('sessionToken')}
            />
          </div>
        )}
        {!keep && kind === 'azureblob' && (
          <>
            <SelectField
              label="Credential"
              options={[
                { value: 'azure-sas', label: 'A SAS token' },
                { value: 'azure-key', label: 'The storage account key' },
              ]}
              {...register('azureMode')}
            />
            <TextField
              label="Secret"
              type="password"
              autoComplete="off"
              error={errors.secret?.message}
              {...register('secret')}
            />
          </>
        )}
        {!keep && kind === 'gcs' && (
          <>
            <SelectField
              label="Credential"
              options={[
                { value: 'gcp-service-account', label: 'A service-account key (JSON)' },
                { value: 'gcp-token', label: 'An OAuth access token' },
              ]}
              {...register('gcpMode')}
            />
            <TextareaField
              label="Secret"
              rows={4}
              error={errors.secret?.message}
              {...register('secret')}
            />
          </>
        )}
        {save.isError && !formState.isSubmitting && (
          <FormMessage>{errorText(save.error, 'The schedule could not be saved.')}</FormMessage>
        )}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          {existing && (
            <>
              <Button
                variant="ghost"
                isLoading={stop.isPending}
                onClick={() =>
                  stop.mutate(undefined, {
                    onSuccess: () => {
                      toast.success('The schedule was stopped and its credentials forgotten.');
                      onClose();
                    },
                  })
                }
              >
                Stop refreshing
              </Button>
              <Button
                variant="secondary"
                isLoading={run.isPending}
                onClick={() =>
                  run.mutate(undefined, {
                    onSuccess: (r) =>
                      toast.success(`Fetched: version ${r.version}, ${r.counts.managed} managed.`),
                    onError: (e) => toast.error(errorText(e, 'The fetch failed.')),
                  })
                }
              >
                Fetch now
              </Button>
            </>
          )}
          <Button type="submit" isLoading={save.isPending}>
            Save schedule
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
