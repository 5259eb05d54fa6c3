import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { TCheck } from '@stratum/core/contract/monitoring/check';
import { ZMaintenanceInput } from '@stratum/core/contract/monitoring/maintenance';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ListState } from '../../components/list-state';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { maintenanceQuery, useCreateMaintenance, useDeleteMaintenance } from './api/monitoring';
import { failureText } from './error-text';

interface WindowForm {
  name: string;
  startsAt: string;
  endsAt: string;
  checkId: string;
}

/** `datetime-local` text (the browser's time zone) as an ISO instant, or the text when unreadable. */
const toIso = (local: string) => {
  const t = new Date(local);
  return Number.isNaN(t.getTime()) ? local : t.toISOString();
};

/** Planned windows in which state changes send no alert (they are still recorded). */
export function MaintenancePanel({ checks }: { checks: TCheck[] }) {
  const windows = useQuery(maintenanceQuery());
  const create = useCreateMaintenance();
  const remove = useDeleteMaintenance();
  const form = useForm<WindowForm>({
    defaultValues: { name: '', startsAt: '', endsAt: '', checkId: '' },
  });
  const errors = form.formState.errors;
  const nameOf = (id: string) => checks.find((c) => c.id === id)?.name ?? 'a deleted check';

  const submit = form.handleSubmit((v) => {
    const body = {
      name: v.name,
      startsAt: toIso(v.startsAt),
      endsAt: toIso(v.endsAt),
      checkIds: v.checkId ? [v.checkId] : [],
    };
    const parsed = ZMaintenanceInput.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof WindowForm;
        const message = issue.message.startsWith('Invalid')
          ? 'Choose a date and time'
          : issue.message;
        if (!form.getFieldState(field).error) form.setError(field, { message });
      }
      return;
    }
    create.mutate(body, {
      onSuccess: () => {
        toast.success('Maintenance window planned.');
        form.reset();
      },
      onError: (e) => toast.error(failureText(e, 'The window could not be saved.')),
    });
  });

  return (
    <div className="space-y-4">
      <form
        aria-label="Plan a maintenance window"
        noValidate
        onSubmit={(e) => void submit(e)}
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <TextField label="Name" error={errors.name?.message} {...form.register('name')} />
        <TextField
          label="Starts"
          type="datetime-local"
          error={errors.startsAt?.message}
          {...form.register('startsAt')}
        />
        <TextField
          label="Ends"
          type="datetime-local"
          error={errors.endsAt?.message}
          {...form.register('endsAt')}
        />
        <SelectField
          label="Checks"
          options={[
            { value: '', label: 'All my checks' },
            ...checks.map((c) => ({ value: c.id, label: c.name })),
          ]}
          {...form.register('checkId')}
        />
        <div className="sm:col-span-2 lg:col-span-4">
          <Button type="submit" isLoading={create.isPending}>
            Plan window
          </Button>
        </div>
      </form>
      <ListState result={windows} what="the maintenance windows">
        {(items) =>
          items.length === 0 ? (
            <p className="text-sm text-slate-600">No maintenance window planned.</p>
          ) : (
            <ul
              aria-label="Maintenance windows"
              className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
            >
              {items.map((w) => (
                <li
                  key={w.id}
                  className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
                >
                  <span className="min-w-0">
                    <span className="font-medium">{w.name}</span>{' '}
                    {w.isActive && <Badge tone="warning">Now — alerts silenced</Badge>}
                    <span className="block text-xs text-slate-600">
                      {new Date(w.startsAt).toLocaleString()} –{' '}
                      {new Date(w.endsAt).toLocaleString()} ·{' '}
                      {w.checkIds.length === 0 ? 'all checks' : w.checkIds.map(nameOf).join(', ')}
                    </span>
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove the window ${w.name}`}
                    onClick={() => remove.mutate(w.id)}
                  >
                    <Trash2 className="size-4" aria-hidden="true" /> Remove
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
