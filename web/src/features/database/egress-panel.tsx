import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  ZSaveEgressAllowListBody,
  type TSaveEgressAllowListBody,
} from '@stratum/core/contract/system-config/egress-allow-list';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { Panel } from '../../components/panel';
import { TextareaField } from '../../components/textarea-field';
import { isApiError } from '../../lib/api-client';
import { egressAllowListQuery } from './api/get-egress-allow-list';
import { useSaveEgressAllowList } from './api/save-egress-allow-list';

/** The admin's egress allow-list: which private destinations the server may reach for users. */
export function EgressPanel() {
  const current = useQuery(egressAllowListQuery());
  if (!current.data) return null;
  return (
    <EgressForm
      key={current.data.updatedAt ?? 'none'}
      allowList={current.data.allowList}
      environment={current.data.environment}
    />
  );
}

interface EgressFormProps {
  allowList: string;
  environment: string[];
}

function EgressForm({ allowList, environment }: EgressFormProps) {
  const save = useSaveEgressAllowList();
  const form = useForm<TSaveEgressAllowListBody>({
    resolver: zodResolver(ZSaveEgressAllowListBody),
    defaultValues: { allowList },
  });
  const handleSave = form.handleSubmit((values) => save.mutate(values));
  return (
    <Panel title="Allowed private destinations">
      <form
        noValidate
        aria-label="Egress allow-list"
        onSubmit={(event) => void handleSave(event)}
        className="space-y-3"
      >
        <p className="text-sm text-slate-700">
          The server refuses loopback, private, link-local and metadata addresses unless they are
          allowed here or in <code>EGRESS_ALLOW</code>.
          {environment.length > 0 && ` EGRESS_ALLOW allows: ${environment.join(', ')}.`} A
          Kubernetes cluster or an API on the company network is the usual case: allow its API
          server as host:port (k8s.corp.internal:6443) or its range (10.0.0.0/8).
        </p>
        <TextareaField
          label="Allow-list"
          hint="CIDRs, addresses or host:port, one per line (10.0.0.0/8, db.internal:5432). Link-local and metadata addresses can only be opened by EGRESS_ALLOW."
          spellCheck={false}
          error={form.formState.errors.allowList?.message}
          {...form.register('allowList')}
        />
        {save.isError && (
          <FormMessage>
            {isApiError(save.error) ? save.error.message : 'The allow-list could not be saved.'}
          </FormMessage>
        )}
        {save.isSuccess && <FormMessage tone="info">Allow-list saved.</FormMessage>}
        <Button type="submit" variant="secondary" isLoading={save.isPending}>
          Save allow-list
        </Button>
      </form>
    </Panel>
  );
}
