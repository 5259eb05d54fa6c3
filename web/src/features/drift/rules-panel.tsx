import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../components/button';
import { ListState } from '../../components/list-state';
import { TextField } from '../../components/text-field';
import { showServerFieldErrors, useZodForm } from '../../lib/forms';
import { rulesQuery, useCreateRule, useDeleteRule } from './api/settings';
import { errorText } from './error-text';

const ZRuleForm = z
  .object({
    addressPattern: z.string().trim().max(512),
    resourceType: z.string().trim().max(128),
    attributePath: z.string().trim().max(512),
    note: z.string().trim().max(500),
  })
  .refine((r) => r.addressPattern || r.resourceType || r.attributePath, {
    message: 'Say which addresses, resource type or attribute path the rule ignores.',
    path: ['addressPattern'],
  });

const orUndefined = (v: string) => (v === '' ? undefined : v);

/** Like a `.driftignore`: what later scans leave out, each rule deletable. */
export function RulesPanel() {
  const rules = useQuery(rulesQuery());
  const create = useCreateRule();
  const remove = useDeleteRule();
  const form = useZodForm(ZRuleForm, {
    addressPattern: '',
    resourceType: '',
    attributePath: '',
    note: '',
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((v) =>
    create.mutate(
      {
        addressPattern: orUndefined(v.addressPattern),
        resourceType: orUndefined(v.resourceType),
        attributePath: orUndefined(v.attributePath),
        note: orUndefined(v.note),
      },
      {
        onSuccess: () => {
          form.reset();
          toast.success('The rule applies from the next scan on.');
        },
        onError: (e) => {
          if (!showServerFieldErrors(form, e))
            toast.error(errorText(e, 'The rule could not be added.'));
        },
      },
    ),
  );
  return (
    <div className="space-y-4">
      <form
        aria-label="Add an ignore rule"
        noValidate
        onSubmit={(e) => void submit(e)}
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2"
      >
        <TextField
          label="Address pattern"
          placeholder="module.legacy.*"
          hint="* matches anything"
          error={errors.addressPattern?.message}
          {...form.register('addressPattern')}
        />
        <TextField
          label="Resource type"
          placeholder="aws_s3_bucket"
          {...form.register('resourceType')}
        />
        <TextField
          label="Attribute path"
          placeholder="tags.LastScanned"
          hint="Dotted; the whole resource when empty"
          {...form.register('attributePath')}
        />
        <TextField label="Note" placeholder="Why it is ignored" {...form.register('note')} />
        <div className="sm:col-span-2">
          <Button type="submit" isLoading={create.isPending}>
            Add the rule
          </Button>
        </div>
      </form>
      <ListState result={rules} what="the ignore rules">
        {(items) =>
          items.length === 0 ? (
            <p className="text-sm text-slate-600">
              No ignore rule: every difference that is not noise is reported.
            </p>
          ) : (
            <ul
              aria-label="Ignore rules"
              className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
            >
              {items.map((r) => {
                const what = [
                  r.addressPattern && `address ${r.addressPattern}`,
                  r.resourceType && `type ${r.resourceType}`,
                  r.attributePath && `attribute ${r.attributePath}`,
                ]
                  .filter(Boolean)
                  .join(', ');
                return (
                  <li
                    key={r.id}
                    className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
                  >
                    <span className="min-w-0 break-all">
                      <span className="font-mono text-xs">{what}</span>
                      {r.note && <span className="text-slate-600"> · {r.note}</span>}
                      {r.sourceId === null && (
                        <span className="text-slate-600"> · every source</span>
                      )}
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Delete the rule ${what}`}
                      onClick={() =>
                        remove.mutate(r.id, {
                          onError: (e) => toast.error(errorText(e, 'Not deleted.')),
                        })
                      }
                    >
                      <Trash2 className="size-4" aria-hidden="true" /> Delete
                    </Button>
                  </li>
                );
              })}
            </ul>
          )
        }
      </ListState>
    </div>
  );
}
