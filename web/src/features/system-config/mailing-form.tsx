import { useState, type FormEvent } from 'react';
import {
  MAIL_PROVIDERS,
  type TMailingConfigView,
  type TMailProvider,
} from '@stratum/core/contract/system-config/mailing-config';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { Panel } from '../../components/panel';
import { PasswordField } from '../../components/password-field';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { formatDateTime } from '../../lib/format-date';
import { parseWhole } from '../../lib/list-query';
import { systemErrorText } from '../../lib/system-error-text';
import { useDeleteMailingConfig, useSaveMailingConfig } from './api/mailing';
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

/** The saved mailing configuration. Secrets are never shown back: blank keeps the saved one. */
export function MailingForm({ config, transport }: MailingFormProps) {
  const [provider, setProvider] = useState<TMailProvider>(config?.provider ?? 'smtp');
  const [isEnabled, setIsEnabled] = useState(config?.isEnabled ?? false);
  const [senderEmail, setSenderEmail] = useState(config?.senderEmail ?? '');
  const [fromName, setFromName] = useState(config?.fromName ?? '');
  const [replyTo, setReplyTo] = useState(config?.replyTo ?? '');
  const [host, setHost] = useState(config?.smtpHost ?? '');
  const [port, setPort] = useState(config?.smtpPort ? String(config.smtpPort) : '');
  const [user, setUser] = useState(config?.smtpUser ?? '');
  const [password, setPassword] = useState('');
  const [isRemovingPassword, setIsRemovingPassword] = useState(false);
  const [isSecure, setIsSecure] = useState(config?.smtpSecure ?? false);
  const [portError, setPortError] = useState<string | undefined>();
  const save = useSaveMailingConfig({
    success: 'Mailing configuration saved',
    failure: 'The configuration could not be saved',
  });
  const remove = useDeleteMailingConfig({
    success: 'Mailing configuration removed',
    failure: 'The configuration could not be removed',
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const p =
      port.trim() === '' ? { value: undefined, error: undefined } : parseWhole(port, 1, 65535);
    setPortError(p.error);
    if (p.error) return;
    save.mutate({
      provider,
      isEnabled,
      senderEmail,
      fromName: fromName.trim() || undefined,
      replyTo: replyTo.trim(),
      smtpHost: host.trim() || undefined,
      smtpPort: p.value,
      smtpUser: user.trim() || undefined,
      smtpPassword: isRemovingPassword ? '' : password || undefined,
      smtpSecure: isSecure,
    });
  };

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
        onSubmit={handleSubmit}
        className="grid gap-4 sm:grid-cols-2"
      >
        <SelectField
          label="Provider"
          className="sm:col-span-2"
          options={MAIL_PROVIDERS.map((p) => ({ value: p, label: PROVIDER_LABELS[p] }))}
          value={provider}
          onChange={(e) => setProvider(e.target.value as TMailProvider)}
          hint="Every provider sends over SMTP; SendGrid and Azure fill in their relay when the host is empty."
        />
        <TextField label="SMTP host" value={host} onChange={(e) => setHost(e.target.value)} />
        <TextField
          label="SMTP port"
          inputMode="numeric"
          placeholder="587"
          value={port}
          error={portError}
          onChange={(e) => setPort(e.target.value)}
        />
        <TextField
          label="SMTP user"
          autoComplete="off"
          value={user}
          onChange={(e) => setUser(e.target.value)}
        />
        <PasswordField
          label="SMTP password"
          autoComplete="new-password"
          value={password}
          disabled={isRemovingPassword}
          placeholder={config?.hasPassword ? 'Saved — leave blank to keep it' : ''}
          onChange={(e) => setPassword(e.target.value)}
        />
        {config?.hasPassword && (
          <CheckboxField
            label="Remove the saved password"
            className="sm:col-span-2"
            checked={isRemovingPassword}
            onChange={(e) => setIsRemovingPassword(e.target.checked)}
          />
        )}
        <CheckboxField
          label="TLS from the start (port 465)"
          className="sm:col-span-2"
          hint="Otherwise STARTTLS is used when the server offers it."
          checked={isSecure}
          onChange={(e) => setIsSecure(e.target.checked)}
        />
        <TextField
          label="Sender email"
          type="email"
          value={senderEmail}
          onChange={(e) => setSenderEmail(e.target.value)}
        />
        <TextField
          label="From name"
          value={fromName}
          onChange={(e) => setFromName(e.target.value)}
        />
        <TextField
          label="Reply-to"
          type="email"
          className="sm:col-span-2"
          value={replyTo}
          onChange={(e) => setReplyTo(e.target.value)}
        />
        <CheckboxField
          label="Use this configuration for every mail"
          className="sm:col-span-2"
          hint="It replaces SMTP_URL while enabled; it needs a host and a user."
          checked={isEnabled}
          onChange={(e) => setIsEnabled(e.target.checked)}
        />
        {save.isError && (
          <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
            {systemErrorText(save.error, 'The configuration could not be saved.')}
          </p>
        )}
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
