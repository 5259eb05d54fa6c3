import clsx from 'clsx';
import { Braces, KeyRound, Link2, type LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Switch } from '../../../../components/switch';
import { inputClasses } from '../../../../components/text-field';
import { KeyValueRows } from './key-value-rows';
import { ReferencePicker } from './reference-picker';
import type { TRefTarget } from './reference-targets';
import type { TArgSpec, TJson } from './resource-schema';
import { isRef, type TResourceRef } from './resource-values';
import { StringListInput } from './string-list-input';
import { DraftInput } from './text-inputs';

export interface ArgumentFieldProps {
  spec: TArgSpec;
  value: TJson | undefined;
  targets: readonly TRefTarget[];
  /** What the generator uses when the argument is left empty (a top-level name, tags...). */
  filledBy?: string;
  onChange: (value: TJson | undefined) => void;
  onFocus: () => void;
}

/**
 * A link-styled switch between an argument's input modes (a typed value, a reference, a JSON
 * document): `on` and `off` are its [text, accessible name] in each state.
 */
function ModeToggle({
  isOn,
  icon: Icon,
  on,
  off,
  onToggle,
}: {
  isOn: boolean;
  icon: LucideIcon;
  on: readonly [string, string];
  off: readonly [string, string];
  onToggle: () => void;
}) {
  const [text, name] = isOn ? on : off;
  return (
    <button
      type="button"
      aria-pressed={isOn}
      onClick={onToggle}
      className={clsx(
        'inline-flex items-center gap-1 text-[11px] font-medium hover:underline',
        isOn ? 'text-slate-700' : 'text-brand-700',
      )}
      aria-label={name}
    >
      <Icon className="size-3" aria-hidden="true" />
      {text}
    </button>
  );
}

/** String arguments that take JSON documents: policies, definitions, patterns. */
const DOCUMENT_NAME = /(^|_)(policy|policies|document|definition|definitions|pattern|json)$/;

/** One argument of a generic component: an input for its type, or a reference to another node. */
export function ArgumentField({
  spec,
  value,
  targets,
  filledBy,
  onChange,
  onFocus,
}: ArgumentFieldProps) {
  const id = useId();
  const [error, setError] = useState<string>();
  const [draftRef, setDraftRef] = useState<Partial<TResourceRef> | undefined>(() =>
    isRef(value) ? value : undefined,
  );
  const isReference = isRef(value) || draftRef !== undefined;
  const canReference = spec.kind === 'string' && !spec.isSecret;
  // A string argument may hold a JSON document (a policy): the generator writes jsonencode(...).
  // Offered where providers take one (policy, container_definitions, event_pattern...).
  const holdsDocument = typeof value === 'object' && value !== null && !isRef(value);
  const canDocument = canReference && (DOCUMENT_NAME.test(spec.name) || holdsDocument);
  const [isDocument, setIsDocument] = useState(() => canReference && holdsDocument);
  const errorId = `${id}-error`;

  const header = (
    <div className="flex items-baseline gap-1.5">
      <label
        htmlFor={
          spec.kind === 'bool' || spec.kind === 'string-map' || spec.isSecret || isReference
            ? undefined
            : id
        }
        id={`${id}-label`}
        className="min-w-0 font-mono text-xs font-medium break-all text-slate-800"
      >
        {spec.name}
      </label>
      {spec.isRequired && (
        <span className="rounded bg-red-50 px-1 text-[10px] font-semibold text-red-800">
          required
        </span>
      )}
      {spec.isDeprecated && (
        <span className="rounded bg-amber-50 px-1 text-[10px] font-semibold text-amber-900">
          deprecated
        </span>
      )}
      <span className="ml-auto shrink-0 text-[10px] text-slate-500">{spec.typeLabel}</span>
    </div>
  );

  if (spec.isSecret) {
    return (
      <div role="group" aria-labelledby={`${id}-label`}>
        {header}
        <p className="mt-1 flex items-center gap-1 text-[11px] text-slate-600">
          <KeyRound className="size-3 shrink-0" aria-hidden="true" />
          Set at deploy time as a sensitive variable.
        </p>
      </div>
    );
  }

  const body = isDocument ? (
    <>
      <DraftInput
        id={id}
        kind="json-document"
        value={value}
        describedBy={error ? `${errorId} ${id}-doc` : `${id}-doc`}
        onChange={onChange}
        onFocus={onFocus}
        onError={setError}
      />
      <p id={`${id}-doc`} className="text-[11px] text-slate-600">
        Written as jsonencode(…). Reference another component inside it with{' '}
        <code>{'{"$ref": "<component id>", "attribute": "arn"}'}</code>.
      </p>
    </>
  ) : isReference ? (
    <ReferencePicker
      label={spec.name}
      targets={targets}
      value={draftRef ?? (isRef(value) ? value : {})}
      onFocus={onFocus}
      onChange={(next) => {
        setDraftRef(next);
        // Only a complete reference is stored; half of one is not a value.
        if (next.$ref !== undefined && next.attribute !== undefined)
          onChange({
            $ref: next.$ref,
            attribute: next.attribute,
            ...(next.prefix && { prefix: next.prefix }),
            ...(next.suffix && { suffix: next.suffix }),
          });
        else if (isRef(value)) onChange(undefined);
      }}
    />
  ) : spec.kind === 'bool' ? (
    <Switch
      className="mt-1"
      label={
        <>
          <span className="sr-only">{spec.name}:</span>{' '}
          {value === undefined ? 'Not set (provider default)' : value === true ? 'true' : 'false'}
        </>
      }
      isChecked={value === true}
      onCheckedChange={(checked) => {
        onFocus();
        onChange(checked);
      }}
    />
  ) : spec.kind === 'enum' ? (
    <select
      id={id}
      value={typeof value === 'string' ? value : ''}
      onFocus={onFocus}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      className={`${inputClasses} mt-1 py-1.5 text-xs`}
    >
      <option value="">{spec.isRequired ? 'Choose…' : 'Not set (default)'}</option>
      {(spec.allowed ?? []).map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  ) : spec.kind === 'string-list' ? (
    <StringListInput
      id={id}
      name={spec.name}
      value={value}
      targets={targets}
      {...(error ? { describedBy: errorId } : {})}
      onChange={onChange}
      onFocus={onFocus}
      onError={setError}
    />
  ) : spec.kind === 'string-map' ? (
    <KeyValueRows
      label={spec.name}
      value={value}
      onChange={onChange}
      onFocus={onFocus}
      onError={setError}
    />
  ) : (
    <DraftInput
      id={id}
      kind={spec.kind}
      value={value}
      describedBy={error ? errorId : undefined}
      onChange={onChange}
      onFocus={onFocus}
      onError={setError}
    />
  );

  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={filledBy !== undefined ? `${id}-filled` : undefined}
    >
      {header}
      {filledBy !== undefined && (
        <p id={`${id}-filled`} className="text-[11px] text-slate-600">
          Left empty, the generator uses {filledBy}.
        </p>
      )}
      {body}
      {error && (
        <p id={errorId} className="mt-0.5 text-[11px] text-red-700">
          {error}
        </p>
      )}
      <div className="mt-0.5 flex gap-3">
        {canReference && !isDocument && (
          <ModeToggle
            isOn={isReference}
            icon={Link2}
            on={['Type a value', `Type a value for ${spec.name}`]}
            off={['Reference…', `Reference… for ${spec.name}`]}
            onToggle={() => {
              onFocus();
              if (isReference) {
                setDraftRef(undefined);
                if (isRef(value)) onChange(undefined);
              } else setDraftRef({});
            }}
          />
        )}
        {canDocument && !isReference && (
          <ModeToggle
            isOn={isDocument}
            icon={Braces}
            on={['Type text', `Type text for ${spec.name}`]}
            off={['JSON document', `JSON document for ${spec.name}`]}
            onToggle={() => {
              onFocus();
              setError(undefined);
              if (isDocument && typeof value === 'object' && value !== null) onChange(undefined);
              setIsDocument(!isDocument);
            }}
          />
        )}
        {spec.kind === 'bool' && value !== undefined && (
          <button
            type="button"
            onClick={() => onChange(undefined)}
            className="text-[11px] font-medium text-brand-700 hover:underline"
          >
            Use the provider default
          </button>
        )}
      </div>
    </div>
  );
}
