import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import {
  ZAwsConnectionInput,
  type TAwsConnectionInput,
} from '@stratum/core/contract/drift/connections';
import { Button } from '../../components/button';
import { ListState } from '../../components/list-state';
import { TextField } from '../../components/text-field';
import { showServerFieldErrors, useZodForm } from '../../lib/forms';
import { connectionsQuery, useCreateConnection, useDeleteConnection } from './api/settings';
import { errorText } from './error-text';

/** AWS credentials for live reads: checked with one read call, stored encrypted, never shown again. */
export function ConnectionsPanel() {
  const connections = useQuery(connectionsQuery());
  const create = useCreateConnection();
  const remove = useDeleteConnection();
  const form = useZodForm(ZAwsConnectionInput, {
    name: '',
    kind: 'aws',
    region: 'us-east-1',
    accessKeyId: '',
    secretAccessKey: '',
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((v: TAwsConnectionInput) =>
    create.mutate(
      { ...v, sessionToken: v.sessionToken || undefined, endpoint: v.endpoint || undefined },
      {
        onSuccess: () => {
          form.reset();
          toast.success('Connected: the credentials answered a read call.');
        },
        onError: (e) => {
          if (!showServerFieldErrors(form, e))
            toast.error(errorText(e, 'The connection could not be added.'));
        },
      },
    ),
  );
  return (
    <div className="space-y-4">
      <form
        aria-label="Add an AWS connection"
        noValidate
        onSubmit={(e) => void submit(e)}
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2"
      >
        <p className="text-sm text-slate-700 sm:col-span-2">
          A read-only IAM user is enough (the ReadOnlyAccess policy, or ec2:Describe*,
          s3:ListAllMyBuckets, s3:GetBucket*, rds:DescribeDBInstances). Scans read EC2 instances and
          volumes, security groups, S3 buckets and RDS instances.
        </p>
        <TextField label="Name" error={errors.name?.message} {...form.register('name')} />
        <TextField label="Region" error={errors.region?.message} {...form.register('region')} />
        <TextField
          label="Access key id"
          autoComplete="off"
          error={errors.accessKeyId?.message}
          {...form.register('accessKeyId')}
        />
        <TextField
          label="Secret access key"
          type="password"
          autoComplete="off"
          error={errors.secretAccessKey?.message}
          {...form.register('secretAccessKey')}
        />
        <TextField
          label="Session token (optional)"
          type="password"
          autoComplete="off"
          {...form.register('sessionToken')}
        />
        <TextField
          label="Endpoint (optional)"
          placeholder="https://…"
          hint="An AWS-compatible endpoint instead of AWS's own"
          {...form.register('endpoint')}
        />
        <div className="sm:col-span-2">
          <Button type="submit" isLoading={create.isPending}>
            Add the connection
          </Button>
        </div>
      </form>
      <ListState result={connections} what="the connections">
        {(items) =>
          items.length === 0 ? (
            <p className="text-sm text-slate-600">No connection yet.</p>
          ) : (
            <ul
              aria-label="Connections"
              className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
            >
              {items.map((c) => (
                <li
                  key={c.id}
                  className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
                >
                  <span>
                    <span className="font-medium">{c.name}</span> · AWS {c.region} · key{' '}
                    {c.accessKeyHint}
                    {c.endpoint && <span className="break-all"> · {c.endpoint}</span>}
                    {c.lastUsedAt && (
                      <span className="text-slate-600">
                        {' '}
                        · used {new Date(c.lastUsedAt).toLocaleString()}
                      </span>
                    )}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Forget ${c.name}`}
                    onClick={() =>
                      remove.mutate(c.id, {
                        onError: (e) => toast.error(errorText(e, 'Not deleted.')),
                      })
                    }
                  >
                    <Trash2 className="size-4" aria-hidden="true" /> Forget
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </ListState>
    </div>
  );
}
