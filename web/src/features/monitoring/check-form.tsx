import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { HTTP_METHODS, type TCheck } from '@stratum/core/contract/monitoring/check';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { clustersQuery, useSaveCheck } from './api/monitoring';
import { EMPTY_FORM, formOf, toCheckBody, type CheckFormValues } from './check-form-model';
import { failureText } from './error-text';

const KINDS = [
  { value: 'http', label: 'HTTP(S) request' },
  { value: 'tcp', label: 'TCP port' },
  { value: 'tls', label: 'TLS certificate expiry' },
  { value: 'k8s', label: 'Kubernetes cluster health' },
];

export interface CheckFormDialogProps {
  /** The check being edited, or null for a new one. */
  check: TCheck | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** Adds or changes a check; the contract's own schema says what is wrong, at the field. */
export function CheckFormDialog({ check, isOpen, onOpenChange }: CheckFormDialogProps) {
  const form = useForm<CheckFormValues>({ values: check ? formOf(check) : EMPTY_FORM });
  const save = useSaveCheck();
  const clusters = useQuery({ ...clustersQuery(), enabled: isOpen });
  const kind = form.watch('kind');
  const errors = form.formState.errors;
  const err = (field: keyof CheckFormValues) => errors[field]?.message;

  const submit = form.handleSubmit((values) => {
    const built = toCheckBody(values, check !== null);
    if ('errors' in built) {
      for (const [field, message] of Object.entries(built.errors)) {
        form.setError(field as keyof CheckFormValues, { message });
      }
      return;
    }
    save.mutate(
      { id: check?.id ?? null, body: built.body },
      {
        onSuccess: (saved) => {
          toast.success(
            check ? `${saved.name} saved.` : `${saved.name} added: its first run is under way.`,
          );
          onOpenChange(false);
        },
        onError: (e) => toast.error(failureText(e, 'The check could not be saved.')),
      },
    );
  });

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={check ? `Edit ${check.name}` : 'New check'}
      className="w-[min(44rem,calc(100vw-2rem))]"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="check-form" isLoading={save.isPending}>
            {check ? 'Save' : 'Add check'}
          </Button>
        </>
      }
    >
      <form
        id="check-form"
        aria-label={check ? 'Edit check' : 'New check'}
        noValidate
        onSubmit={(e) => void submit(e)}
        className="grid gap-3 sm:grid-cols-2"
      >
        <TextField label="Name" error={err('name')} {...form.register('name')} />
        <SelectField label="Type" options={KINDS} {...form.register('kind')} />
        {kind === 'http' && (
          <>
            <SelectField
              label="Method"
              options={HTTP_METHODS.map((m) => ({ value: m, label: m }))}
              {...form.register('method')}
            />
            <TextField
              label="URL"
              placeholder="https://example.com/health"
              error={err('url')}
              {...form.register('url')}
            />
            <TextField
              label="Accepted status codes"
              hint="A code or range, comma-separated: 200-299, 301"
              error={err('expectedStatus')}
              {...form.register('expectedStatus')}
            />
            <TextField
              label="Keyword (optional)"
              hint="The answer must contain it"
              error={err('keyword')}
              {...form.register('keyword')}
            />
            <TextField
              label="JSON path (optional)"
              placeholder="$.status"
              error={err('jsonPath')}
              {...form.register('jsonPath')}
            />
            <TextField
              label="Expected value (optional)"
              hint="The value at the JSON path, e.g. ok or true"
              error={err('expectedValue')}
              {...form.register('expectedValue')}
            />
            <TextareaField
              label="Headers (optional)"
              hint="One Name: value a line. Values are stored encrypted and shown hidden."
              error={err('headers')}
              className="sm:col-span-2"
              {...form.register('headers')}
            />
          </>
        )}
        {(kind === 'tcp' || kind === 'tls') && (
          <>
            <TextField
              label="Host"
              placeholder="example.com"
              error={err('host')}
              {...form.register('host')}
            />
            <TextField
              label="Port"
              inputMode="numeric"
              placeholder={kind === 'tls' ? '443' : '5432'}
              error={err('port')}
              {...form.register('port')}
            />
          </>
        )}
        {kind === 'tls' && (
          <TextField
            label="Alert when it expires within (days)"
            inputMode="numeric"
            error={err('expiryDays')}
            {...form.register('expiryDays')}
          />
        )}
        {kind === 'k8s' && (
          <>
            <SelectField
              label="Cluster"
              options={[
                {
                  value: '',
                  label: (clusters.data ?? []).length === 0 ? 'Connect a cluster first' : 'Choose…',
                },
                ...(clusters.data ?? []).map((c) => ({ value: c.id, label: c.name })),
              ]}
              error={err('clusterId')}
              {...form.register('clusterId')}
            />
            <TextField
              label="Namespace (optional)"
              hint="Blank: pods and deployments of every namespace"
              error={err('namespace')}
              {...form.register('namespace')}
            />
            <TextField
              label="Most restarts of a healthy pod"
              inputMode="numeric"
              error={err('maxRestarts')}
              {...form.register('maxRestarts')}
            />
          </>
        )}
        <TextField
          label="Interval (seconds)"
          inputMode="numeric"
          hint="30 or more"
          error={err('intervalSeconds')}
          {...form.register('intervalSeconds')}
        />
        <TextField
          label="Timeout (seconds)"
          inputMode="numeric"
          error={err('timeoutSeconds')}
          {...form.register('timeoutSeconds')}
        />
        <TextField
          label="Retries before alerting"
          inputMode="numeric"
          hint="Failed runs in a row tolerated before it is down"
          error={err('retries')}
          {...form.register('retries')}
        />
        <TextField
          label="Webhook URL (optional)"
          placeholder="https://hooks.example.com/stratum"
          error={err('webhookUrl')}
          {...form.register('webhookUrl')}
        />
        <TextField
          label="Webhook signing secret (optional)"
          type="password"
          autoComplete="off"
          hint={
            check?.hasWebhookSecret
              ? 'Set. Leave blank to keep it.'
              : 'At least 16 characters; signs each delivery (X-Stratum-Signature)'
          }
          error={err('webhookSecret')}
          {...form.register('webhookSecret')}
        />
        <div className="flex flex-col gap-2 sm:col-span-2">
          <CheckboxField
            label="Also e-mail me when it goes down or comes back"
            {...form.register('notifyEmail')}
          />
          <CheckboxField label="Paused" {...form.register('isPaused')} />
        </div>
      </form>
    </Dialog>
  );
}
