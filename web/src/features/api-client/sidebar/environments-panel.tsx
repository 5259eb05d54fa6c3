import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { API_LIMITS } from '@stratum/core/api-client/model';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListState } from '../../../components/list-state';
import { isApiError } from '../../../lib/api-client';
import {
  environmentQuery,
  environmentsQuery,
  revealSecret,
  useCreateEnvironment,
  useDeleteEnvironment,
  useUpdateEnvironment,
  type TEnvironment,
} from '../api/environments';
import { cellInput } from '../editor/key-value-table';
import { NameDialog } from '../name-dialog';
import { SecretInput } from '../secret-input';

interface TDraftVariable {
  key: string;
  value: string;
  secret: boolean;
  enabled: boolean;
  /** A stored secret whose value the browser has not been given and the user has not retyped. */
  isKept: boolean;
}

const draftOf = (env: TEnvironment): TDraftVariable[] =>
  env.variables.map((v) => ({
    key: v.key,
    value: v.value,
    secret: v.secret,
    enabled: v.enabled,
    isKept: v.secret && v.hasValue,
  }));

export interface EnvironmentsPanelProps {
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}

/** Environments and their variables; secret values stay on the server until revealed. */
export function EnvironmentsPanel({ selectedId, onSelect }: EnvironmentsPanelProps) {
  const environments = useQuery(environmentsQuery());
  const [editingId, setEditingId] = useState<string | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const create = useCreateEnvironment();
  return (
    <div className="space-y-3">
      <Button size="sm" variant="secondary" onClick={() => setIsCreating(true)}>
        <Plus className="size-4" aria-hidden="true" /> New environment
      </Button>
      <ListState result={environments} what="environments">
        {(list) => {
          if (list.length === 0)
            return <p className="text-sm text-slate-600">No environments yet.</p>;
          const editing = list.find((e) => e.id === (editingId ?? list[0]?.id)) ?? list[0]!;
          return (
            <div className="space-y-3">
              <ul aria-label="Environments" className="space-y-1">
                {list.map((env) => (
                  <li key={env.id} className="flex items-center gap-1">
                    <button
                      type="button"
                      aria-current={env.id === editing.id ? 'true' : undefined}
                      onClick={() => setEditingId(env.id)}
                      className={clsx(
                        'min-w-0 flex-1 truncate rounded-md px-2 py-1.5 text-left text-sm',
                        env.id === editing.id
                          ? 'bg-brand-50 font-medium text-brand-800'
                          : 'text-slate-800 hover:bg-slate-100',
                      )}
                    >
                      {env.name}
                      {env.id === selectedId && (
                        <span className="ml-1 text-xs text-slate-600">(in use)</span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
              <LoadedEnvironment
                id={editing.id}
                isInUse={editing.id === selectedId}
                onUse={() => onSelect(editing.id)}
                onDeleted={() => {
                  if (editing.id === selectedId) onSelect(null);
                  setEditingId(null);
                }}
              />
            </div>
          );
        }}
      </ListState>
      {isCreating && (
        <NameDialog
          title="New environment"
          label="Environment name"
          confirmLabel="Create environment"
          isBusy={create.isPending}
          onClose={() => setIsCreating(false)}
          onSubmit={(name) =>
            create.mutate(
              { name, variables: [] },
              {
                onSuccess: (env) => {
                  setEditingId(env.id);
                  setIsCreating(false);
                },
                onError: (error) =>
                  toast.error(
                    isApiError(error) ? error.message : 'The environment could not be created.',
                  ),
              },
            )
          }
        />
      )}
    </div>
  );
}

function LoadedEnvironment({ id, ...rest }: Omit<EnvironmentEditorProps, 'env'> & { id: string }) {
  const env = useQuery(environmentQuery(id));
  return (
    <ListState result={env} what="environment">
      {(data) => <EnvironmentEditor key={`${data.id}:${data.revision}`} env={data} {...rest} />}
    </ListState>
  );
}

interface EnvironmentEditorProps {
  env: TEnvironment;
  isInUse: boolean;
  onUse: () => void;
  onDeleted: () => void;
}

export function EnvironmentEditor({ env, isInUse, onUse, onDeleted }: EnvironmentEditorProps) {
  const [name, setName] = useState(env.name);
  const [rows, setRows] = useState<TDraftVariable[]>(() => draftOf(env));
  const [isDeleting, setIsDeleting] = useState(false);
  const update = useUpdateEnvironment();
  const remove = useDeleteEnvironment();
  const patch = (index: number, change: Partial<TDraftVariable>) =>
    setRows((before) => before.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const save = () =>
    update.mutate(
      {
        id: env.id,
        revision: env.revision,
        name: name.trim() || env.name,
        variables: rows
          .filter((r) => r.key.trim() !== '')
          .map((r) => ({
            key: r.key.trim(),
            value: r.isKept ? null : r.value,
            secret: r.secret,
            enabled: r.enabled,
          })),
      },
      {
        onSuccess: () => toast.success(`${name.trim() || env.name} saved`),
        onError: (error) =>
          toast.error(isApiError(error) ? error.message : 'The environment could not be saved.'),
      },
    );
  return (
    <section
      aria-label={`Environment ${env.name}`}
      className="space-y-3 rounded-md border border-slate-200 bg-white p-3"
    >
      <label className="block text-sm font-medium text-slate-800">
        Environment name
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          className={clsx(cellInput, 'mt-1')}
        />
      </label>
      <div role="group" aria-label="Variables" className="space-y-2">
        {rows.length === 0 && <p className="text-sm text-slate-600">No variables yet.</p>}
        <ul className="space-y-2">
          {rows.map((row, index) => {
            const n = index + 1;
            return (
              <li key={index} className="flex flex-wrap items-center gap-1.5">
                <input
                  type="checkbox"
                  checked={row.enabled}
                  onChange={(e) => patch(index, { enabled: e.target.checked })}
                  aria-label={`Use variable ${n}`}
                  className="size-4 shrink-0 accent-brand-600"
                />
                <input
                  value={row.key}
                  onChange={(e) => patch(index, { key: e.target.value })}
                  aria-label={`Variable ${n} name`}
                  placeholder="Name"
                  className={clsx(cellInput, 'min-w-0 flex-1 basis-24')}
                />
                {row.secret ? (
                  <SecretInput
                    label={`Variable ${n} value`}
                    className="min-w-0 flex-[2] basis-32"
                    value={row.value}
                    placeholder={row.isKept ? 'Stored secret, hidden' : 'Secret value'}
                    onChange={(e) => patch(index, { value: e.target.value, isKept: false })}
                    onReveal={async () => {
                      if (!row.isKept) return true;
                      try {
                        const value = await revealSecret(env.id, row.key);
                        // Still kept: revealing is not editing, so saving sends no value back.
                        patch(index, { value });
                        return true;
                      } catch (error) {
                        toast.error(
                          isApiError(error) ? error.message : 'The secret could not be revealed.',
                        );
                        return false;
                      }
                    }}
                  />
                ) : (
                  <input
                    value={row.value}
                    onChange={(e) => patch(index, { value: e.target.value })}
                    aria-label={`Variable ${n} value`}
                    placeholder="Value"
                    className={clsx(cellInput, 'min-w-0 flex-[2] basis-32')}
                  />
                )}
                <label className="inline-flex items-center gap-1 text-xs text-slate-700">
                  <input
                    type="checkbox"
                    checked={row.secret}
                    onChange={(e) =>
                      patch(index, {
                        secret: e.target.checked,
                        ...(e.target.checked ? {} : { isKept: false }),
                      })
                    }
                    aria-label={`Variable ${n} is secret`}
                    className="size-3.5 accent-brand-600"
                  />
                  Secret
                </label>
                <button
                  type="button"
                  onClick={() => setRows((before) => before.filter((_, i) => i !== index))}
                  aria-label={`Remove variable ${n}`}
                  className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-red-700"
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
        <Button
          variant="ghost"
          size="sm"
          disabled={rows.length >= API_LIMITS.variablesPerEnvironment}
          onClick={() =>
            setRows((before) => [
              ...before,
              { key: '', value: '', secret: false, enabled: true, isKept: false },
            ])
          }
        >
          <Plus className="size-4" aria-hidden="true" /> Add variable
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={save} isLoading={update.isPending}>
          Save environment
        </Button>
        {!isInUse && (
          <Button size="sm" variant="secondary" onClick={onUse}>
            Use for requests
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto text-red-700"
          onClick={() => setIsDeleting(true)}
        >
          Delete
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isDeleting}
        onOpenChange={setIsDeleting}
        title={`Delete ${env.name}?`}
        description="The environment and its variables, secrets included, are deleted."
        confirmLabel="Delete environment"
        isDanger
        isBusy={remove.isPending}
        onConfirm={() =>
          remove.mutate(env.id, {
            onSuccess: () => {
              setIsDeleting(false);
              onDeleted();
            },
            onError: (error) =>
              toast.error(
                isApiError(error) ? error.message : 'The environment could not be deleted.',
              ),
          })
        }
      />
    </section>
  );
}
