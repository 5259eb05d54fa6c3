import { Link2, X } from 'lucide-react';
import { useState } from 'react';
import { ReferencePicker } from './reference-picker';
import type { TRefTarget } from './reference-targets';
import type { TJson } from './resource-schema';
import { isRef, type TResourceRef } from './resource-values';
import { DraftInput } from './text-inputs';

export interface StringListInputProps {
  id: string;
  name: string;
  value: TJson | undefined;
  targets: readonly TRefTarget[];
  describedBy?: string;
  onChange: (value: TJson | undefined) => void;
  onFocus: () => void;
  onError: (message: string | undefined) => void;
}

/**
 * A list of strings (`subnet_ids`, `security_groups`): typed values one per line, and
 * references to other nodes on the board as items of their own.
 */
export function StringListInput({
  id,
  name,
  value,
  targets,
  describedBy,
  onChange,
  onFocus,
  onError,
}: StringListInputProps) {
  const items = Array.isArray(value) ? value : [];
  const texts = items.filter((item): item is string => typeof item === 'string');
  const refs = items.filter(isRef);
  const [draftRef, setDraftRef] = useState<Partial<TResourceRef>>();
  const store = (nextTexts: readonly string[], nextRefs: readonly TResourceRef[]) => {
    const next = [...nextTexts, ...nextRefs.map((r) => ({ $ref: r.$ref, attribute: r.attribute }))];
    onChange(next.length > 0 ? next : undefined);
  };

  return (
    <div>
      <DraftInput
        id={id}
        kind="string-list"
        value={texts}
        {...(describedBy !== undefined ? { describedBy } : {})}
        onFocus={onFocus}
        onError={onError}
        onChange={(next) =>
          store(Array.isArray(next) ? next.filter((t) => typeof t === 'string') : [], refs)
        }
      />
      {refs.length > 0 && (
        <ul aria-label={`${name}: references`} className="mt-1 flex flex-wrap gap-1">
          {refs.map((ref, i) => (
            <li
              key={`${ref.$ref}.${ref.attribute}`}
              className="flex items-center gap-1 rounded bg-brand-50 px-1.5 py-0.5 font-mono text-[11px] text-brand-800"
            >
              {ref.$ref}.{ref.attribute}
              <button
                type="button"
                aria-label={`Remove the reference ${ref.$ref}.${ref.attribute} from ${name}`}
                onClick={() => {
                  onFocus();
                  store(
                    texts,
                    refs.filter((_, j) => j !== i),
                  );
                }}
                className="rounded hover:bg-brand-100"
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {draftRef ? (
        <ReferencePicker
          label={name}
          targets={targets}
          value={draftRef}
          onFocus={onFocus}
          onChange={(next) => {
            if (next.$ref !== undefined && next.attribute !== undefined) {
              store(texts, [...refs, { $ref: next.$ref, attribute: next.attribute }]);
              setDraftRef(undefined);
            } else setDraftRef(next);
          }}
        />
      ) : (
        <button
          type="button"
          aria-label={`Add a reference to ${name}`}
          onClick={() => {
            onFocus();
            setDraftRef({});
          }}
          className="mt-0.5 inline-flex items-center gap-1 text-[11px] font-medium text-brand-700 hover:underline"
        >
          <Link2 className="size-3" aria-hidden="true" /> Add a reference…
        </button>
      )}
    </div>
  );
}
