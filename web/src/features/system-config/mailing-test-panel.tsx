import { useState, type FormEvent } from 'react';
import { ADMIN_MSG } from '@stratum/core/admin';
import type { TMailingConfigView } from '@stratum/core/contract/system-config/mailing-config';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { Panel } from '../../components/panel';
import { TextField } from '../../components/text-field';
import { systemErrorText } from '../../lib/system-error-text';
import { useStaff } from '../../lib/use-staff';
import { useTestMailingConfig } from './api/mailing';

export interface MailingTestPanelProps {
  config: TMailingConfigView | null;
}

/** Sends a real test mail through the saved configuration (§5: it needs host and user). */
export function MailingTestPanel({ config }: MailingTestPanelProps) {
  const { email } = useStaff();
  const [to, setTo] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const test = useTestMailingConfig();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The server checks the saved configuration ('SMTP configuration incomplete' without host
    // and user); only the obvious case is said before calling.
    if (!config) return setLocalError(ADMIN_MSG.mailingNotConfigured);
    setLocalError(null);
    test.mutate(to.trim() || undefined);
  };

  const result = test.data?.data;
  return (
    <Panel title="Send a test mail">
      <form noValidate aria-label="Test mail" onSubmit={handleSubmit} className="space-y-3">
        <TextField
          label="Send to"
          type="email"
          placeholder={email}
          hint="Your own address when empty. The saved configuration is used, enabled or not."
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <Button type="submit" variant="secondary" isLoading={test.isPending}>
          Send test mail
        </Button>
        {localError && <FormMessage>{localError}</FormMessage>}
        {test.isError && (
          <FormMessage>{systemErrorText(test.error, 'The test could not be sent.')}</FormMessage>
        )}
        {result && (
          <FormMessage tone={result.isDelivered ? 'info' : 'error'}>
            {result.message}
            {result.reason && <span className="mt-1 block break-words">{result.reason}</span>}
          </FormMessage>
        )}
      </form>
    </Panel>
  );
}
