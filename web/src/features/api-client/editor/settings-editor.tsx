import type { TRequestSettings } from '@stratum/core/api-client/model';
import { API_LIMITS } from '@stratum/core/api-client/model';
import { Switch } from '../../../components/switch';
import { LockedFeature } from '../plan-access';
import { Field } from './field';

export interface SettingsEditorProps {
  settings: TRequestSettings;
  onChange: (settings: TRequestSettings) => void;
  canRetry: boolean;
}

const clampInt = (text: string, min: number, max: number, fallback: number) => {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};

/** Timeout, redirects and retries. */
export function SettingsEditor({ settings, onChange, canRetry }: SettingsEditorProps) {
  const { retries } = settings;
  const isLocked = !canRetry && retries.count === 0;
  return (
    <div className="max-w-2xl space-y-5">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Timeout (ms)"
          type="number"
          isCommittedOnBlur
          value={String(settings.timeoutMs)}
          hint={`1 to ${API_LIMITS.maxTimeoutMs.toLocaleString('en')} ms.`}
          onChange={(text) =>
            onChange({
              ...settings,
              timeoutMs: clampInt(text, 1, API_LIMITS.maxTimeoutMs, API_LIMITS.defaultTimeoutMs),
            })
          }
        />
      </div>
      <Switch
        label="Follow redirects"
        hint={`Up to ${API_LIMITS.maxRedirects}; each hop is checked like the first.`}
        isChecked={settings.followRedirects}
        onCheckedChange={(followRedirects) => onChange({ ...settings, followRedirects })}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">Retries</legend>
        {!canRetry && (
          <LockedFeature
            feature="api-retries"
            detail={retries.count > 0 ? 'Set retries to 0 to send this request.' : undefined}
          />
        )}
        <div className="grid gap-3 sm:grid-cols-3">
          <Field
            label="Retry attempts"
            type="number"
            isCommittedOnBlur
            isDisabled={isLocked}
            value={String(retries.count)}
            hint={`0 to ${API_LIMITS.maxRetries}; 0 is off.`}
            onChange={(text) => {
              const count = clampInt(text, 0, API_LIMITS.maxRetries, 0);
              // Without the plan, retries can only be turned off.
              if (canRetry || count === 0)
                onChange({ ...settings, retries: { ...retries, count } });
            }}
          />
          <Field
            label="First wait (ms)"
            type="number"
            isCommittedOnBlur
            isDisabled={isLocked}
            value={String(retries.backoffMs)}
            hint="Doubles each time; Retry-After wins when longer."
            onChange={(text) =>
              onChange({
                ...settings,
                retries: { ...retries, backoffMs: clampInt(text, 0, API_LIMITS.maxBackoffMs, 500) },
              })
            }
          />
          <Field
            label="Retry on statuses"
            isCommittedOnBlur
            isDisabled={isLocked}
            value={retries.statuses.join(', ')}
            hint="Timeouts and failed connections are always retried."
            onChange={(text) =>
              onChange({
                ...settings,
                retries: {
                  ...retries,
                  statuses: text
                    .split(/[\s,]+/)
                    .map(Number)
                    .filter((n) => Number.isInteger(n) && n >= 100 && n <= 599)
                    .slice(0, 50),
                },
              })
            }
          />
        </div>
      </fieldset>
    </div>
  );
}
