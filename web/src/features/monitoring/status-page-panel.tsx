import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { TCheck } from '@stratum/core/contract/monitoring/check';
import type { TStatusPageSettings } from '@stratum/core/contract/monitoring/status-page';
import { ZStatusSlug } from '@stratum/core/contract/monitoring/status-page';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { ListState } from '../../components/list-state';
import { TextField } from '../../components/text-field';
import { statusPageQuery, useSaveStatusPage } from './api/monitoring';
import { failureText } from './error-text';

interface PageForm {
  isEnabled: boolean;
  slug: string;
  title: string;
  /** The checks shown; none ticked shows every check. */
  checkIds: string[];
}

/** react-hook-form answers one ticked box of a group as its value, none as false. */
const idsOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string'
      ? [value]
      : [];

/** The public status page: off until switched on; it shows names, states and uptime only. */
export function StatusPagePanel({ checks }: { checks: TCheck[] }) {
  const settings = useQuery(statusPageQuery());
  return (
    <ListState result={settings} what="the status page settings">
      {(data) => <StatusPageForm settings={data} checks={checks} />}
    </ListState>
  );
}

function StatusPageForm({ settings, checks }: { settings: TStatusPageSettings; checks: TCheck[] }) {
  const save = useSaveStatusPage();
  const form = useForm<PageForm>({
    values: {
      isEnabled: settings.isEnabled,
      slug: settings.slug ?? '',
      title: settings.title,
      checkIds: settings.checkIds,
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((v) => {
    const slug = ZStatusSlug.safeParse(v.slug);
    if (!slug.success) {
      form.setError('slug', { message: slug.error.issues[0]?.message ?? 'Choose an address' });
      return;
    }
    if (v.title.trim() === '') {
      form.setError('title', { message: 'Give the page a title' });
      return;
    }
    save.mutate(
      {
        isEnabled: v.isEnabled,
        slug: slug.data,
        title: v.title,
        // Only checks that still exist (a deleted one may linger in the saved list).
        checkIds: idsOf(v.checkIds).filter((id) => checks.some((c) => c.id === id)),
      },
      {
        onSuccess: (s) =>
          toast.success(s.isEnabled ? 'The status page is public.' : 'The status page is off.'),
        onError: (e) => toast.error(failureText(e, 'The status page could not be saved.')),
      },
    );
  });
  const publicPath = settings.slug ? `/status/${settings.slug}` : null;
  return (
    <form
      aria-label="Public status page"
      noValidate
      onSubmit={(e) => void submit(e)}
      className="grid max-w-2xl gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <p className="text-sm text-slate-700">
        Anyone with the address can see the page without signing in: each check's name, state and
        uptime. Never its URL, host, headers or errors.
      </p>
      <CheckboxField label="Public status page is on" {...form.register('isEnabled')} />
      <TextField
        label="Address"
        hint={`${window.location.origin}/status/<address>`}
        error={errors.slug?.message}
        {...form.register('slug')}
      />
      <TextField label="Title" error={errors.title?.message} {...form.register('title')} />
      {checks.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">
            Checks shown <span className="font-normal text-slate-600">(none ticked: all)</span>
          </legend>
          {checks.map((c) => (
            <CheckboxField key={c.id} label={c.name} value={c.id} {...form.register('checkIds')} />
          ))}
        </fieldset>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isLoading={save.isPending}>
          Save
        </Button>
        {settings.isEnabled && publicPath && (
          <a
            href={publicPath}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
          >
            Open {publicPath} <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        )}
      </div>
    </form>
  );
}
