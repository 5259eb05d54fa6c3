import type { TScripts } from '@stratum/core/api-client/model';
import { API_LIMITS } from '@stratum/core/api-client/model';
import { CodeEditor } from '../code-editor';
import { LockedFeature } from '../plan-access';

export interface ScriptsEditorProps {
  scripts: TScripts;
  onChange: (scripts: TScripts) => void;
  canPreRequest: boolean;
  canTest: boolean;
}

const PRE_HINT = "pm.environment.set('nonce', Date.now().toString());";
const TEST_HINT = "pm.test('status is 200', () => pm.expect(pm.response.code).to.equal(200));";

/** Pre-request and test scripts (JavaScript, run on the server in a sandbox). */
export function ScriptsEditor({ scripts, onChange, canPreRequest, canTest }: ScriptsEditorProps) {
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <ScriptField
        label="Pre-request script"
        hint="Runs before the request is sent; it may set variables."
        value={scripts.preRequest}
        placeholder={PRE_HINT}
        isAllowed={canPreRequest}
        feature="api-pre-request"
        onChange={(preRequest) => onChange({ ...scripts, preRequest })}
      />
      <ScriptField
        label="Test script"
        hint="Runs on the response; each pm.test is reported as passed or failed."
        value={scripts.test}
        placeholder={TEST_HINT}
        isAllowed={canTest}
        feature="api-test-scripts"
        onChange={(test) => onChange({ ...scripts, test })}
      />
    </div>
  );
}

interface ScriptFieldProps {
  label: string;
  hint: string;
  value: string;
  placeholder: string;
  isAllowed: boolean;
  feature: 'api-pre-request' | 'api-test-scripts';
  onChange: (text: string) => void;
}

function ScriptField({
  label,
  hint,
  value,
  placeholder,
  isAllowed,
  feature,
  onChange,
}: ScriptFieldProps) {
  return (
    <section aria-label={label} className="min-w-0 space-y-1.5">
      <h3 className="text-sm font-semibold text-slate-900">{label}</h3>
      <p className="text-xs text-slate-600">{hint}</p>
      {!isAllowed && (
        <LockedFeature
          feature={feature}
          detail={value.trim() !== '' ? 'The script below is kept, read-only.' : undefined}
        />
      )}
      {isAllowed || value.trim() !== '' ? (
        <CodeEditor
          label={label}
          language="javascript"
          value={value}
          placeholder={placeholder}
          onChange={
            isAllowed ? (text) => onChange(text.slice(0, API_LIMITS.scriptChars)) : undefined
          }
          className="h-56"
        />
      ) : null}
    </section>
  );
}
