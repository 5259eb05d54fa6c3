import { useQuery } from '@tanstack/react-query';
import { ListState } from '../../components/list-state';
import { mailingConfigQuery } from './api/mailing';
import { MailingForm } from './mailing-form';
import { MailingTestPanel } from './mailing-test-panel';

/** §3 Mailing config: provider (azure, smtp, sendgrid → smtp), SMTP settings, sender; test. */
export function MailingTab() {
  const result = useQuery(mailingConfigQuery);
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
