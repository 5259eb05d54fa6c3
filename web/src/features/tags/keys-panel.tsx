import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { TTagUsage } from '@stratum/core/contract/tags/insights';
import type { TTagKey } from '@stratum/core/contract/tags/model';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { ListState } from '../../components/list-state';
import { TextField } from '../../components/text-field';
import { useStaff } from '../../lib/use-staff';
import { keysQuery, usageQuery, useDeleteKey, useSaveKey } from './api/tags';
import { errorText } from './error-text';
import { RowActions } from './row-actions';
import { UsageLine } from './usage-line';

interface TDraft {
  id?: string;
  key: string;
  values: string;
  description: string;
  isOrg: boolean;
}
const EMPTY: TDraft = { key: '', values: '', description: '', isOrg: false };

const splitValues = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== ''),
  ),
];

/** Tag keys with their values — the user's and the organisation's — and where each is used. */
export function KeysPanel() {
  const keys = useQuery(keysQuery());
  const usage = useQuery(usageQuery());
  const save = useSaveKey();
  const remove = useDeleteKey();
  const canManageOrg = useStaff().can('tags.manage');
  const [draft, setDraft] = useState<TDraft>(EMPTY);
  const usageOf = (key: string) => usage.data?.find((u) => u.key === key);

  const handleSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (draft.key.trim() === '') return toast.error('Give the tag a key.');
    save.mutate(
      {
        ...(draft.id && { id: draft.id }),
        scope: draft.isOrg ? 'org' : 'user',
        body: {
          key: draft.key.trim(),
          description: draft.description,
          values: splitValues(draft.values),
        },
      },
      {
        onSuccess: () => {
          toast.success(draft.id ? 'Tag key saved.' : `Tag key “${draft.key.trim()}” added.`);
          setDraft(EMPTY);
        },
        onError: (error) => toast.error(errorText(error, 'The key could not be saved.')),
      },
    );
  };
  const handleEdit = (k: TTagKey) =>
    setDraft({
      id: k.id,
      key: k.key,
      values: k.values.join(', '),
      description: k.description,
      isOrg: k.scope === 'org',
    });

  const defined = new Set(keys.data?.map((k) => k.key) ?? []);
  const undefinedInUse = (usage.data ?? []).filter((u) => !defined.has(u.key));
  return (
    <div className="space-y-4">
      <form
        aria-label={draft.id ? 'Edit the tag key' : 'Add a tag key'}
        noValidate
        onSubmit={handleSubmit}
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2"
      >
        <TextField
          label="Key"
          placeholder="cost-center"
          value={draft.key}
          maxLength={128}
          onChange={(e) => setDraft({ ...draft, key: e.target.value })}
        />
        <TextField
          label="Values"
          hint="Separated by commas; suggested in the planner"
          placeholder="finance, platform"
          value={draft.values}
          onChange={(e) => setDraft({ ...draft, values: e.target.value })}
        />
        <TextField
          label="Description"
          placeholder="Who pays for it"
          value={draft.description}
          maxLength={500}
          onChange={(e) => setDraft({ ...draft, description: e.target.value })}
        />
        {canManageOrg && (
          <CheckboxField
            label="Organisation-wide"
            hint="Everyone sees it; only admins change it"
            checked={draft.isOrg}
            disabled={draft.id !== undefined}
            onChange={(e) => setDraft({ ...draft, isOrg: e.target.checked })}
          />
        )}
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" isLoading={save.isPending}>
            {draft.id ? 'Save the key' : 'Add the key'}
          </Button>
          {draft.id && (
            <Button type="button" variant="secondary" onClick={() => setDraft(EMPTY)}>
              Cancel
            </Button>
          )}
        </div>
      </form>
      <ListState result={keys} what="the tag keys">
        {(items) =>
          items.length === 0 ? (
            <p className="text-sm text-slate-600">
              No tag keys yet: add the ones your resources should carry.
            </p>
          ) : (
            <ul
              aria-label="Tag keys"
              className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
            >
              {items.map((k) => (
                <li
                  key={k.id}
                  className="flex flex-wrap items-start justify-between gap-2 px-3 py-2 text-sm"
                >
                  <div className="min-w-0 space-y-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-mono font-medium break-all">{k.key}</span>
                      <Badge tone={k.scope === 'org' ? 'brand' : 'neutral'}>
                        {k.scope === 'org' ? 'Organisation' : 'Yours'}
                      </Badge>
                    </p>
                    {k.description && <p className="text-slate-600">{k.description}</p>}
                    {k.values.length > 0 && (
                      <p className="text-xs break-words text-slate-700">
                        Values: {k.values.join(', ')}
                      </p>
                    )}
                    <UsageLine usage={usageOf(k.key)} />
                  </div>
                  {k.canEdit && (
                    <RowActions
                      label={`the key ${k.key}`}
                      onEdit={() => handleEdit(k)}
                      onDelete={() =>
                        remove.mutate(
                          { id: k.id, scope: k.scope },
                          { onError: (e) => toast.error(errorText(e, 'Not deleted.')) },
                        )
                      }
                    />
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </ListState>
      {undefinedInUse.length > 0 && (
        <InUseKeys
          items={undefinedInUse}
          onAdd={(u) =>
            setDraft({ ...EMPTY, key: u.key, values: u.values.map((v) => v.value).join(', ') })
          }
        />
      )}
    </div>
  );
}

function InUseKeys({
  items,
  onAdd,
}: {
  items: readonly TTagUsage[];
  onAdd: (u: TTagUsage) => void;
}) {
  return (
    <section aria-labelledby="in-use-heading" className="space-y-2">
      <h2 id="in-use-heading" className="text-sm font-semibold text-slate-900">
        In use in your projects and inventory, not yet a key
      </h2>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {items.map((u) => (
          <li
            key={u.key}
            className="flex flex-wrap items-start justify-between gap-2 px-3 py-2 text-sm"
          >
            <div className="min-w-0 space-y-1">
              <span className="font-mono break-all">{u.key}</span>
              <UsageLine usage={u} />
            </div>
            <Button variant="secondary" size="sm" onClick={() => onAdd(u)}>
              Add as a key
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
