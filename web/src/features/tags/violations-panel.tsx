import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListState } from '../../components/list-state';
import { SelectField } from '../../components/select-field';
import { policiesQuery, violationsQuery } from './api/tags';

/** Assets of the user's inventory that break a policy, each violation with its fix. */
export function ViolationsPanel() {
  const [policyId, setPolicyId] = useState<string | null>(null);
  const policies = useQuery(policiesQuery());
  const violations = useQuery(violationsQuery(policyId));
  return (
    <div className="space-y-4">
      <div className="max-w-sm">
        <SelectField
          label="Policy"
          value={policyId ?? ''}
          onChange={(e) => setPolicyId(e.target.value || null)}
          options={[
            { value: '', label: 'Every enabled policy' },
            ...(policies.data ?? [])
              .filter((p) => p.enabled)
              .map((p) => ({ value: p.id, label: p.name })),
          ]}
        />
      </div>
      <ListState result={violations} what="the violations">
        {({ items, checked, total }) => (
          <div className="space-y-2">
            <p className="text-sm text-slate-700" role="status">
              {total === 0
                ? `All ${checked} inventory assets follow the policies.`
                : `${total} of ${checked} inventory assets break a policy${total > items.length ? ` (the first ${items.length} listed)` : ''}.`}
            </p>
            <ul aria-label="Assets that break a policy" className="space-y-2">
              {items.map((a) => (
                <li
                  key={a.assetId}
                  className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
                >
                  <p className="font-mono text-xs font-medium break-all text-slate-900">
                    {a.address}
                  </p>
                  <p className="text-xs text-slate-600">
                    {a.type} · source {a.sourceName}
                    {Object.keys(a.tags).length > 0 &&
                      ` · tags ${Object.entries(a.tags)
                        .map(([k, v]) => `${k}=${v}`)
                        .join(', ')}`}
                  </p>
                  <ul className="mt-2 space-y-1">
                    {a.violations.map((v, i) => (
                      <li
                        key={i}
                        className={`rounded px-2 py-1 text-xs ${v.severity === 'error' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'}`}
                      >
                        {v.message}
                        {v.policyName && <span className="text-slate-600"> · {v.policyName}</span>}
                        <span className="block font-medium">Fix: {v.fix}</span>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </div>
        )}
      </ListState>
    </div>
  );
}
