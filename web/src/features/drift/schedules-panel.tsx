import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../components/button';
import { ListState } from '../../components/list-state';
import { SelectField } from '../../components/select-field';
import { useZodForm } from '../../lib/forms';
import {
  connectionsQuery,
  schedulesQuery,
  useCreateSchedule,
  useDeleteSchedule,
} from './api/settings';
import { driftClustersQuery, driftSourcesQuery } from './api/scans';
import { errorText } from './error-text';

const INTERVALS = [
  { value: '60', label: 'Every hour' },
  { value: '360', label: 'Every 6 hours' },
  { value: '1440', label: 'Every day' },
  { value: '10080', label: 'Every week' },
];
const NOTIFY = [
  { value: 'on-change', label: 'Message me when the drift changes' },
  { value: 'always', label: 'Message me after every scan' },
  { value: 'never', label: 'No message' },
];

const ZScheduleForm = z.object({
  sourceId: z.string().min(1, 'Choose a source.'),
  target: z.string().min(1, 'Add an AWS connection or a cluster first.'),
  intervalMinutes: z.string(),
  notify: z.enum(['always', 'on-change', 'never']),
});

/** A source scanned against a live read on a schedule, with a message to the owner. */
export function SchedulesPanel() {
  const schedules = useQuery(schedulesQuery());
  const sources = useQuery(driftSourcesQuery());
  const connections = useQuery(connectionsQuery());
  const clusters = useQuery(driftClustersQuery());
  const create = useCreateSchedule();
  const remove = useDeleteSchedule();
  const targets = [
    ...(connections.data ?? []).map((c) => ({
      value: `aws:${c.id}`,
      label: `AWS: ${c.name} (${c.region})`,
    })),
    ...(clusters.data ?? []).map((c) => ({ value: `k8s:${c.id}`, label: `Cluster: ${c.name}` })),
  ];
  const form = useZodForm(ZScheduleForm, {
    sourceId: '',
    target: '',
    intervalMinutes: '1440',
    notify: 'on-change',
  });
  const errors = form.formState.errors;
  const sourceName = (id: string) =>
    sources.data?.find((s) => s.id === id)?.name ?? 'a deleted source';
  const submit = form.handleSubmit((v) => {
    const [kind, id = ''] = v.target.split(':');
    create.mutate(
      {
        sourceId: v.sourceId,
        actual: kind === 'aws' ? { kind: 'aws', connectionId: id } : { kind: 'k8s', clusterId: id },
        intervalMinutes: Number(v.intervalMinutes),
        notify: v.notify,
      },
      {
        onSuccess: () => toast.success('Scheduled.'),
        onError: (e) => toast.error(errorText(e, 'The schedule could not be saved.')),
      },
    );
  });
  return (
    <div className="space-y-4">
      <form
        aria-label="Schedule a scan"
        noValidate
        onSubmit={(e) => void submit(e)}
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2"
      >
        <SelectField
          label="Source"
          options={[
            { value: '', label: 'Choose…' },
            ...(sources.data ?? []).map((s) => ({ value: s.id, label: s.name })),
          ]}
          error={errors.sourceId?.message}
          {...form.register('sourceId')}
        />
        <SelectField
          label="Against"
          options={[
            { value: '', label: targets.length === 0 ? 'No connection or cluster yet' : 'Choose…' },
            ...targets,
          ]}
          error={errors.target?.message}
          {...form.register('target')}
        />
        <SelectField label="How often" options={INTERVALS} {...form.register('intervalMinutes')} />
        <SelectField label="Messages" options={NOTIFY} {...form.register('notify')} />
        <div className="sm:col-span-2">
          <Button type="submit" isLoading={create.isPending}>
            Schedule
          </Button>
        </div>
      </form>
      <ListState result={schedules} what="the schedules">
        {(items) =>
          items.length === 0 ? (
            <p className="text-sm text-slate-600">No scheduled scan.</p>
          ) : (
            <ul
              aria-label="Schedules"
              className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
            >
              {items.map((s) => (
                <li
                  key={s.id}
                  className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
                >
                  <span>
                    <span className="font-medium">{sourceName(s.sourceId)}</span> against{' '}
                    {s.actualKind === 'aws' ? 'AWS' : 'a cluster'}, every{' '}
                    {INTERVALS.find((i) => Number(i.value) === s.intervalMinutes)?.label.replace(
                      'Every ',
                      '',
                    ) ?? `${s.intervalMinutes} minutes`}{' '}
                    · next {new Date(s.nextRunAt).toLocaleString()}
                    {s.lastError && (
                      <span className="text-red-700"> · last run failed: {s.lastError}</span>
                    )}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Stop the schedule of ${sourceName(s.sourceId)}`}
                    onClick={() => remove.mutate(s.id)}
                  >
                    <Trash2 className="size-4" aria-hidden="true" /> Stop
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
