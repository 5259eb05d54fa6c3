import {
  MAIL_PROVIDERS,
  type TMailingConfigView,
  type TMailProvider,
} from '@stratum/core/contract/system-config/mailing-config';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { Panel } from '../../components/panel';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { formatDateTime } from '../../lib/format-date';
import { useZodForm } from '../../lib/forms';
import { useDeleteMailingConfig, useSaveMailingConfig } from './api/mailing';
import { mailingFormDefaults, ZMailingForm } from './mailing-schema';
import { MailingSmtpFields } from './mailing-smtp-fields';
import { TRANSPORT_LABELS } from './system-text';

export interface MailingFormProps {
  config: TMailingConfigView | null;
  transport: keyof typeof TRANSPORT_LABELS;
}

const PROVIDER_LABELS: Record<TMailProvider, string> = {
  smtp: 'SMTP',
  azure: 'Azure Communication Services (SMTP relay)',
  sendgrid: 'SendGrid (sent over SMTP)',
};

/**
 * The saved mailing configuration. Secrets are never shown back: blank keeps the saved one.
 * A field's error shows under it; what the server answers (§8 'SMTP configuration
 * incomplete' when enabled without host and user) is a toast.
 */
export function MailingForm({ config, transport }: MailingFormProps) {
  const form = useZodForm(ZMailingForm, mailingFormDefaults(config));
  const { register } = form;
  const { errors } = form.formState;
  const save = useSaveMailingConfig({
    success: 'Mailing configuration saved',
    failure: 'The configuration could not be saved',
  });
  const remove = useDeleteMailingConfig({
    success: 'Mailing configuration removed',
    failure: 'The configuration could not be removed',
  });
  const handleSubmit = form.handleSubmit((body) => save.mutate(body));

  return (
    <Panel title="Mailing configuration">
      <p className="mb-4 text-sm text-slate-700">
        Mail goes now through {TRANSPORT_LABELS[transport]}.
        {config &&
          ` Saved ${formatDateTime(config.updatedAt)}${config.updatedBy ? ` by ${config.updatedBy}` : ''}.`}
      </p>
      <form
        noValidate
        aria-label="Mailing configuration"
        onSubmit={(e) => void handleSubmit(e)}
        className="grid gap-4 sm:grid-cols-2"
      >
        <SelectField
          label="Provider"
          className="sm:col-span-2"
          options={MAIL_PROVIDERS.map((p) => ({ value: p, label: PROVIDER_LABELS[p] }))}
          hint="Every provider sends over SMTP; SendGrid and Azure fill in their relay when the host is empty."
          {...register('provider')}
        />
        <MailingSmtpFields form={form} hasSavedPassword={config?.hasPassword ?? false} />
        <TextField
          label="Sender email"
          type="email"
          error={errors.senderEmail?.message}
          {...register('senderEmail')}
        />
        <TextField label="From name" error={errors.fromName?.message} {...register('fromName')} />
        <TextField
          label="Reply-to"
          type="email"
          className="sm:col-span-2"
          error={errors.replyTo?.message}
          {...register('replyTo')}
        />
        <CheckboxField
          label="Use this configuration for every mail"
          className="sm:col-span-2"
          hint="It replaces SMTP_URL while enabled; it needs a host and a user."
          {...register('isEnabled')}
        />
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" isLoading={save.isPending}>
            Save configuration
          </Button>
          {config && (
            <Button
              variant="secondary"
              isLoading={remove.isPending}
              onClick={() => remove.mutate()}
            >
              Remove saved configuration
            </Button>
          )}
        </div>
      </form>
    </Panel>
  );
}
