import { useEffect, useState } from 'react';
import { inputClasses } from '../../../../components/text-field';
import { isBlank, parseJson, parseNumber } from './resource-values';
import { scalarText, type TJson, type TValueKind } from './resource-schema';

const FIELD = `${inputClasses} mt-1 py-1.5`;

export interface DraftInputProps {
  id: string;
  /** `json-document`: a string argument written as a JSON object or array (jsonencode). */
  kind: Exclude<TValueKind, 'bool' | 'string-map' | 'enum'> | 'json-document';
  value: TJson | undefined;
  describedBy?: string;
  onChange: (value: TJson | undefined) => void;
  onFocus: () => void;
  /** What is wrong with the text typed (or undefined): shown under the input. */
  onError: (message: string | undefined) => void;
}

function textOf(kind: DraftInputProps['kind'], value: TJson | undefined): string {
  if (value === undefined || value === null) return '';
  if (kind === 'string-list' || kind === 'number-list')
    return Array.isArray(value) ? value.map(scalarText).join('\n') : '';
  if (kind === 'json' || kind === 'json-document') return JSON.stringify(value, null, 2);
  return typeof value === 'object' ? '' : String(value);
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

/** What a text means for the kind, or the error that keeps it from being stored. */
export function readText(
  kind: DraftInputProps['kind'],
  text: string,
): { value: TJson | undefined } | { error: string } {
  if (text.trim() === '') return { value: undefined };
  switch (kind) {
    case 'string':
      return { value: text };
    case 'number': {
      const n = parseNumber(text);
      return n === undefined ? { error: 'Enter a number.' } : { value: n };
    }
    case 'string-list':
      return { value: lines(text) };
    case 'number-list': {
      const numbers = lines(text).map(parseNumber);
      return numbers.every((n) => n !== undefined)
        ? { value: numbers }
        : { error: 'Every line must be a number.' };
    }
    case 'json': {
      const parsed = parseJson(text);
      return parsed.ok ? { value: parsed.value } : { error: `Not valid JSON: ${parsed.error}` };
    }
    case 'json-document': {
      const parsed = parseJson(text);
      if (!parsed.ok) return { error: `Not valid JSON: ${parsed.error}` };
      return typeof parsed.value === 'object' && parsed.value !== null
        ? { value: parsed.value }
        : { error: 'A JSON document is an object { … } or an array [ … ].' };
    }
  }
}

/**
 * A text input (or a textarea for lists and JSON) that keeps what is typed as a draft and
 * stores only a value valid for the argument's type.
 */
export function DraftInput({
  id,
  kind,
  value,
  describedBy,
  onChange,
  onFocus,
  onError,
}: DraftInputProps) {
  const [draft, setDraft] = useState(() => textOf(kind, value));
  const [isInvalid, setIsInvalid] = useState(false);
  // A change from outside (undo) replaces the draft; the user's own text ("1.50") stays as typed.
  useEffect(() => {
    if (isInvalid) return;
    setDraft((d) => {
      const read = readText(kind, d);
      const same =
        'value' in read &&
        (JSON.stringify(read.value) === JSON.stringify(value) ||
          (read.value === undefined && isBlank(value)));
      return same ? d : textOf(kind, value);
    });
  }, [kind, value, isInvalid]);
  const handleText = (text: string) => {
    setDraft(text);
    const result = readText(kind, text);
    if ('error' in result) {
      setIsInvalid(true);
      onError(result.error);
      return;
    }
    setIsInvalid(false);
    onError(undefined);
    onChange(result.value);
  };
  const common = {
    id,
    value: draft,
    onFocus,
    'aria-invalid': isInvalid || undefined,
    'aria-describedby': describedBy,
    className: FIELD,
  };
  const isJson = kind === 'json' || kind === 'json-document';
  if (kind === 'string-list' || kind === 'number-list' || isJson) {
    return (
      <textarea
        {...common}
        rows={isJson ? 5 : 3}
        spellCheck={false}
        placeholder={isJson ? '{ }' : 'one per line'}
        onChange={(e) => handleText(e.target.value)}
        className={`${FIELD} font-mono text-xs`}
      />
    );
  }
  return (
    <input
      {...common}
      type="text"
      inputMode={kind === 'number' ? 'decimal' : undefined}
      onChange={(e) => handleText(e.target.value)}
    />
  );
}
