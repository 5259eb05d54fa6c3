import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { TTagPolicyRecord } from '@stratum/core/contract/tags/model';
import {
  POLICY_CLOUDS,
  TAG_CASES,
  ZTagPolicyInput,
  type TTagPolicyInput,
} from '@stratum/core/tags/model';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { useSavePolicy } from './api/tags';
import { errorText } from './error-text';

const CLOUD_LABELS: Record<(typeof POLICY_CLOUDS)[number], string> = {
  aws: 'AWS',
  azure: 'Azure',
  gcp: 'Google Cloud',
  oci: 'Oracle Cloud',
  any: 'Every cloud',
};

interface TRuleDraft {
  key: string;
  required: boolean;
  allowedValues: string;
  pattern: string;
  valueCase: (typeof TAG_CASES)[number];
}
const NEW_RULE: TRuleDraft = {
  key: '',
  required: true,
  allowedValues: '',
  pattern: '',
  valueCase: 'as-is',
};

const list = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');

function draftOf(p: TTagPolicyRecord | null) {
  return {
    name: p?.name ?? '',
    cloud: p?.cloud ?? 'any',
    enforcement: p?.enforcement ?? 'block',
    resourceTypes: p?.resourceTypes.join(', ') ?? '',
    enabled: p?.enabled ?? true,
    isOrg: p?.scope === 'org',
    rules: p?.rules.map((r) => ({
      ...r,
      allowedValues: r.allowedValues.join(', '),
      pattern: r.pattern ?? '',
    })) ?? [NEW_RULE],
  };
}

export interface PolicyEditorProps {
  policy: TTagPolicyRecord | null;
  canManageOrg: boolean;
  onDone: () => void;
}

/** A policy: the cloud, what it applies to, and per key — required, allowed values, a pattern, a case. */
export function PolicyEditor({ policy, canManageOrg, onDone }: PolicyEditorProps) {
  const [draft, setDraft] = useState(() => draftOf(policy));
  const save = useSavePolicy();
  const body: TTagPolicyInput = {
    name: draft.name,
    description: policy?.description ?? '',
    cloud: draft.cloud,
    enforcement: draft.enforcement,
    resourceTypes: list(draft.resourceTypes),
    enabled: draft.enabled,
    rules: draft.rules.map((r) => ({
      key: r.key.trim(),
      required: r.required,
      allowedValues: list(r.allowedValues),
      pattern: r.pattern.trim() === '' ? null : r.pattern.trim(),
      valueCase: r.valueCase,
    })),
  };
  const checked = ZTagPolicyInput.safeParse(body);
  const problems = checked.success
    ? []
    : checked.error.issues.map((i) => {
        const [first, index] = i.path;
        return first === 'rules' && typeof index === 'number'
          ? `Rule ${index + 1}: ${i.message}`
          : i.message;
      });
  const setRule = (i: number, patch: Partial<TRuleDraft>) =>
    setDraft({ ...draft, rules: draft.rules.map((r, j) => (j === i ? { ...r, ...patch } : r)) });

  const handleSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (problems.length > 0) return toast.error(problems[0]);
    save.mutate(
      { ...(policy && { id: policy.id }), scope: draft.isOrg ? 'org' : 'user', body },
      {
        onSuccess: () => {
          toast.success(`Policy “${body.name.trim()}” saved.`);
          onDone();
        },
        onError: (error) => toast.error(errorText(error, 'The policy could not be saved.')),
      },
    );
  };

  return (
    <form
      aria-label={policy ? `Edit the policy ${policy.name}` : 'New tag policy'}
      noValidate
      onSubmit={handleSubmit}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Policy name"
          value={draft.name}
          maxLength={120}
          placeholder="Cost allocation"
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        />
        <SelectField
          label="Cloud"
          value={draft.cloud}
          options={POLICY_CLOUDS.map((c) => ({ value: c, label: CLOUD_LABELS[c] }))}
          onChange={(e) => setDraft({ ...draft, cloud: e.target.value as typeof draft.cloud })}
        />
        <TextField
          label="Applies to"
          hint="Resource types, catalog services or kinds, comma separated, * matches anything; empty: every resource"
          placeholder="aws_s3_*, vm"
          value={draft.resourceTypes}
          onChange={(e) => setDraft({ ...draft, resourceTypes: e.target.value })}
        />
        <SelectField
          label="When broken"
          value={draft.enforcement}
          options={[
            { value: 'block', label: 'Block generation' },
            { value: 'warn', label: 'Warn only' },
          ]}
          onChange={(e) => setDraft({ ...draft, enforcement: e.target.value as 'block' | 'warn' })}
        />
        <CheckboxField
          label="Enabled"
          checked={draft.enabled}
          onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
        />
        {canManageOrg && (
          <CheckboxField
            label="Organisation-wide"
            hint="Applies to everyone; only admins change it"
            checked={draft.isOrg}
            disabled={policy !== null}
            onChange={(e) => setDraft({ ...draft, isOrg: e.target.checked })}
          />
        )}
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">Rules</legend>
        {draft.rules.map((r, i) => (
          <div
            key={i}
            className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto_auto_auto] lg:items-end"
          >
            <TextField
              label={`Rule ${i + 1} key`}
              placeholder="cost-center"
              value={r.key}
              onChange={(e) => setRule(i, { key: e.target.value })}
            />
            <TextField
              label="Allowed values"
              placeholder="finance, platform"
              value={r.allowedValues}
              onChange={(e) => setRule(i, { allowedValues: e.target.value })}
            />
            <TextField
              label="Pattern"
              placeholder="[a-z]+-[0-9]{3}"
              value={r.pattern}
              onChange={(e) => setRule(i, { pattern: e.target.value })}
            />
            <SelectField
              label="Value case"
              value={r.valueCase}
              options={TAG_CASES.map((c) => ({
                value: c,
                label: c === 'as-is' ? 'As written' : `${c}case`,
              }))}
              onChange={(e) => setRule(i, { valueCase: e.target.value as TRuleDraft['valueCase'] })}
            />
            <CheckboxField
              label="Required"
              checked={r.required}
              onChange={(e) => setRule(i, { required: e.target.checked })}
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={`Remove rule ${i + 1}`}
              onClick={() => setDraft({ ...draft, rules: draft.rules.filter((_, j) => j !== i) })}
            >
              <X className="size-4" aria-hidden="true" />
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => setDraft({ ...draft, rules: [...draft.rules, NEW_RULE] })}
        >
          <Plus className="size-4" aria-hidden="true" /> Add a rule
        </Button>
      </fieldset>
      {problems.length > 0 && (
        <ul
          aria-label="Problems with the policy"
          className="list-disc space-y-0.5 pl-5 text-sm text-red-700"
        >
          {[...new Set(problems)].map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <Button type="submit" isLoading={save.isPending}>
          Save the policy
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
