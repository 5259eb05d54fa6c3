import { useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { ADMIN_MSG } from '@stratum/core/admin';
import type { TMailingConfigView } from '@stratum/core/contract/system-config/mailing-config';
import { ZTestMailingConfigBody } from '@stratum/core/contract/system-config/test-mailing-config';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { Panel } from '../../components/panel';
import { TextField } from '../../components/text-field';
import { showServerFieldErrors, useZodForm } from '../../lib/forms';
import { systemErrorText } from '../../lib/system-error-text';
import { useStaff } from '../../lib/use-staff';
import { useTestMailingConfig } from './api/mailing';

export interface MailingTestPanelProps {
  config: TMailingConfigView | null;
}

/** The contract's body as the input holds it: empty means the staff member's own address. */
const ZTestMailForm = z.object({
  to: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(ZTestMailingConfigBody.shape.to),
});

/** What stops a test before it is sent (§5: the SMTP test requires host and user). */
export function testBlocker(config: TMailingConfigView | null): string | null {
  if (!config) return ADMIN_MSG.mailingNotConfigured;
  const hasHostAndUser = Boolean(config.smtpHost && config.smtpUser);
  return hasHostAndUser || config.hasConnectionString ? null : ADMIN_MSG.smtpIncomplete;
}

/** Sends a real test mail through the saved configuration (§5: it needs host and user). */
export function MailingTestPanel({ config }: MailingTestPanelProps) {
  const { email } = useStaff();
  const form = useZodForm(ZTestMailForm, { to: '' });
  const [blocker, setBlocker] = useState<string | null>(null);
  const test = useTestMailingConfig();

  const handleSubmit = form.handleSubmit(({ to }) => {
    // The server checks the same ('Mailing service not configured', 'SMTP configuration
    // incomplete'); the saved configuration says it before calling.
    const reason = testBlocker(config);
    setBlocker(reason);
    if (reason) return;
    test.mutate(to, {
      onError: (error) => {
        if (!showServerFieldErrors(form, error)) {
          toast.error(systemErrorText(error, 'The test could not be sent.'));
        }
      },
    });
  });

  const result = test.data?.data;
  return (
    <Panel title="Send a test mail">
      <form
        noValidate
        aria-label="Test mail"
        onSubmit={(e) => void handleSubmit(e)}
        className="space-y-3"
      >
        <TextField
          label="Send to"
          type="email"
          placeholder={email}
          hint="Your own address when empty. The saved configuration is used, enabled or not."
          error={form.formState.errors.to?.message}
          {...form.register('to')}
        />
        <Button type="submit" variant="secondary" isLoading={test.isPending}>
          Send test mail
        </Button>
        {blocker && <FormMessage>{blocker}</FormMessage>}
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
