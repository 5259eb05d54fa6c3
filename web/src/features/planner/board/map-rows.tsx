import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { inputClasses } from '../../../components/text-field';

export type TMapRow = { key: string; value: string };

/** What a map editor says about rows it cannot store as a map. */
export interface MapRowMessages {
  missingKey: string;
  repeatedKey: string;
}

/** Why rows cannot be stored as a map: an empty or repeated key. */
function rowsError(rows: readonly TMapRow[], messages: MapRowMessages): string | undefined {
  const keys = rows.map((r) => r.key.trim());
  if (keys.some((k) => k === '')) return messages.missingKey;
  if (new Set(keys).size !== keys.length) return messages.repeatedKey;
  return undefined;
}

export const mapRowsOf = (map: Readonly<Record<string, string>>): TMapRow[] =>
  Object.entries(map).map(([key, value]) => ({ key, value }));

/**
 * Editable rows of a string map (tags, labels, a string-map argument). Rows that are not a map
 * yet (an empty or repeated key) stay as typed and are not stored; the saved map is followed
 * while the rows are valid.
 */
export function useMapRows(
  map: Readonly<Record<string, string>>,
  onChange: (map: Record<string, string>) => void,
  messages: MapRowMessages,
  onError?: (message: string | undefined) => void,
) {
  const [rows, setRows] = useState(() => mapRowsOf(map));
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    setRows((current) => (rowsError(current, messages) ? current : mapRowsOf(map)));
  }, [map, messages]);
  const update = (next: TMapRow[]) => {
    setRows(next);
    const problem = rowsError(next, messages);
    setError(problem);
    onError?.(problem);
    if (!problem) onChange(Object.fromEntries(next.map((r) => [r.key.trim(), r.value])));
  };
  return { rows, setRows, update, error };
}

export interface MapRowProps {
  row: TMapRow;
  keyLabel: string;
  valueLabel: string;
  removeLabel: string;
  /** Ids of datalists suggesting keys and values, if any. */
  keyList?: string;
  valueList?: string;
  onChange: (row: TMapRow) => void;
  onRemove: () => void;
  onFocus: () => void;
}

/** One key/value row with its remove button. */
export function MapRow(props: MapRowProps) {
  const { row, keyLabel, valueLabel, removeLabel, keyList, valueList } = props;
  const { onChange, onRemove, onFocus } = props;
  return (
    <div className="flex items-center gap-1">
      <input
        aria-label={keyLabel}
        list={keyList}
        value={row.key}
        onFocus={onFocus}
        onChange={(e) => onChange({ ...row, key: e.target.value })}
        className={`${inputClasses} min-w-0 py-1 text-xs`}
        placeholder="key"
      />
      <input
        aria-label={valueLabel}
        list={valueList}
        value={row.value}
        onFocus={onFocus}
        onChange={(e) => onChange({ ...row, value: e.target.value })}
        className={`${inputClasses} min-w-0 py-1 text-xs`}
        placeholder="value"
      />
      <button
        type="button"
        aria-label={removeLabel}
        onClick={onRemove}
        className="rounded p-1 text-slate-600 hover:bg-slate-100"
      >
        <X className="size-3.5" aria-hidden="true" />
      </button>
    </div>
  );
}
