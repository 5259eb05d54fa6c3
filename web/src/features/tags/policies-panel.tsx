import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { TTagPolicyRecord } from '@stratum/core/contract/tags/model';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ListState } from '../../components/list-state';
import { useStaff } from '../../lib/use-staff';
import { policiesQuery, useDeletePolicy } from './api/tags';
import { errorText } from './error-text';
import { RowActions } from './row-actions';
import { PolicyEditor } from './policy-editor';

const ruleText = (r: TTagPolicyRecord['rules'][number]) =>
  [
    `${r.key}${r.required ? ' (required)' : ''}`,
    r.allowedValues.length > 0 && `one of ${r.allowedValues.join(', ')}`,
    r.pattern && `matching ${r.pattern}`,
    r.valueCase !== 'as-is' && `${r.valueCase}case`,
  ]
    .filter(Boolean)
    .join(' · ');

/** The policies in force (the user's and the organisation's), each editable by who owns it. */
export function PoliciesPanel() {
  const policies = useQuery(policiesQuery());
  const remove = useDeletePolicy();
  const canManageOrg = useStaff().can('tags.manage');
  const [editing, setEditing] = useState<TTagPolicyRecord | null | 'new'>(null);
  return (
    <div className="space-y-4">
      {editing === null ? (
        <Button onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden="true" /> New policy
        </Button>
      ) : (
        <PolicyEditor
          key={editing === 'new' ? 'new' : editing.id}
          policy={editing === 'new' ? null : editing}
          canManageOrg={canManageOrg}
          onDone={() => setEditing(null)}
        />
      )}
      <ListState result={policies} what="the tag policies">
        {(items) =>
          items.length === 0 ? (
            <p className="text-sm text-slate-600">
              No policies yet. A policy says which tags resources must carry, with which values;
              generation and the inventory check it.
            </p>
          ) : (
            <ul aria-label="Tag policies" className="space-y-2">
              {items.map((p) => (
                <li key={p.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0 space-y-1">
                      <p className="flex flex-wrap items-center gap-2">
                        <span className="font-medium text-slate-900">{p.name}</span>
                        <Badge tone={p.enforcement === 'block' ? 'warning' : 'neutral'}>
                          {p.enforcement === 'block' ? 'Blocks generation' : 'Warns'}
                        </Badge>
                        <Badge>{p.cloud === 'any' ? 'Every cloud' : p.cloud.toUpperCase()}</Badge>
                        {p.scope === 'org' && <Badge tone="brand">Organisation</Badge>}
                        {!p.enabled && <Badge>Off</Badge>}
                      </p>
                      <p className="text-xs text-slate-700">
                        Applies to{' '}
                        {p.resourceTypes.length > 0 ? p.resourceTypes.join(', ') : 'every resource'}
                      </p>
                      <ul className="text-xs break-words text-slate-700">
                        {p.rules.map((r) => (
                          <li key={r.key} className="font-mono">
                            {ruleText(r)}
                          </li>
                        ))}
                      </ul>
                    </div>
                    {p.canEdit && (
                      <RowActions
                        label={`the policy ${p.name}`}
                        onEdit={() => setEditing(p)}
                        onDelete={() =>
                          remove.mutate(
                            { id: p.id, scope: p.scope },
                            { onError: (e) => toast.error(errorText(e, 'Not deleted.')) },
                          )
                        }
                      />
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </ListState>
    </div>
  );
}
