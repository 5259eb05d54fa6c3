import { useQuery } from '@tanstack/react-query';
import { getMailingConfig } from '@stratum/core/contract/system-config/get-mailing-config';
import { callApi } from '../../lib/api-client';
import { ListState } from './list-state';
import { MailingForm } from './mailing-form';
import { MailingTestPanel } from './mailing-test-panel';

export const MAILING_KEY = ['admin', 'mailing'] as const;

/** §3 Mailing config: provider (azure, smtp, sendgrid → smtp), SMTP settings, sender; test. */
export function MailingTab() {
  const result = useQuery({
    queryKey: MAILING_KEY,
    queryFn: ({ signal }) => callApi(getMailingConfig, { signal }),
  });
  return (
    <ListState result={result} what="mailing configuration">
      {(data) => (
        <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <MailingForm
            key={data.data.config?.updatedAt ?? 'new'}
            config={data.data.config}
            transport={data.data.transport}
          />
          <MailingTestPanel config={data.data.config} />
        </div>
      )}
    </ListState>
  );
}
