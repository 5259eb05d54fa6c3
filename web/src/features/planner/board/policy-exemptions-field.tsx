import { useId, useState } from 'react';
import { X } from 'lucide-react';
import type { TPolicyExemption } from '@stratum/core/iac/design/schema-v2';
import { POLICY_RULES } from '@stratum/core/iac/policy/registry';
import type { TCloud } from '@stratum/core/iac/types';
import { Button } from '../../../components/button';
import { inputClasses } from '../../../components/text-field';

export interface PolicyExemptionsFieldProps {
  cloud: TCloud;
  exempt: readonly TPolicyExemption[];
  onChange: (exempt: TPolicyExemption[]) => void;
  onFocus: () => void;
}

/**
 * Security policy rules this component deliberately waives, each with the reason the
 * generation report shows next to the finding (docs/iac/validation.md#security-policy).
 */
export function PolicyExemptionsField({
  cloud,
  exempt,
  onChange,
  onFocus,
}: PolicyExemptionsFieldProps) {
  const id = useId();
  const available = POLICY_RULES.filter(
    (r) => r.clouds.includes(cloud) && !exempt.some((e) => e.rule === r.id),
  );
  const [rule, setRule] = useState('');
  const [reason, setReason] = useState('');
  const chosen = available.some((r) => r.id === rule) ? rule : (available[0]?.id ?? '');
  const canAdd = chosen !== '' && reason.trim() !== '';
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        Security policy exemptions
      </legend>
      {exempt.length > 0 && (
        <ul className="space-y-1 text-xs text-slate-700">
          {exempt.map((e) => (
            <li key={e.rule} className="flex items-start gap-1">
              <span className="min-w-0 flex-1">
                <code className="font-mono">{e.rule}</code>: {e.reason}
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove the exemption from ${e.rule}`}
                onClick={() => {
                  onFocus();
                  onChange(exempt.filter((x) => x.rule !== e.rule));
                }}
              >
                <X className="size-3.5" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {available.length > 0 && (
        <div className="space-y-1.5">
          <label htmlFor={`${id}-rule`} className="block text-xs font-medium text-slate-700">
            Exempt from rule
          </label>
          <select
            id={`${id}-rule`}
            value={chosen}
            onFocus={onFocus}
            onChange={(e) => setRule(e.target.value)}
            className={`${inputClasses} py-1.5`}
          >
            {available.map((r) => (
              <option key={r.id} value={r.id}>
                {r.id}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-reason`} className="block text-xs font-medium text-slate-700">
            Reason
          </label>
          <input
            id={`${id}-reason`}
            value={reason}
            maxLength={500}
            onFocus={onFocus}
            onChange={(e) => setReason(e.target.value)}
            className={`${inputClasses} py-1.5`}
          />
          <Button
            variant="secondary"
            size="sm"
            disabled={!canAdd}
            onClick={() => {
              // Its own undo step, like a property edit.
              onFocus();
              onChange([...exempt, { rule: chosen, reason: reason.trim() }]);
              setReason('');
            }}
          >
            Add exemption
          </Button>
        </div>
      )}
    </fieldset>
  );
}
