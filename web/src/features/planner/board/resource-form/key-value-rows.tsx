import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { MapRow, useMapRows } from '../map-rows';
import { isObject } from './resource-values';
import { scalarText, type TJson } from './resource-schema';

export interface KeyValueRowsProps {
  label: string;
  value: TJson | undefined;
  onChange: (value: TJson | undefined) => void;
  onFocus: () => void;
  onError: (message: string | undefined) => void;
}

const MESSAGES = { missingKey: 'Every entry needs a key.', repeatedKey: 'Keys must be different.' };

/** A map of strings as key/value rows (tags, labels...). */
export function KeyValueRows({ label, value, onChange, onFocus, onError }: KeyValueRowsProps) {
  const map = useMemo(
    () =>
      isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([key, v]) => [key, scalarText(v)]))
        : {},
    [value],
  );
  const { rows, setRows, update } = useMapRows(map, onChange, MESSAGES, onError);
  return (
    <div className="mt-1 space-y-1.5">
      {rows.map((row, i) => (
        <MapRow
          key={i}
          row={row}
          keyLabel={`${label} key ${i + 1}`}
          valueLabel={`${label} value ${i + 1}`}
          removeLabel={`Remove ${label} entry ${i + 1}`}
          onChange={(next) => update(rows.map((r, j) => (j === i ? next : r)))}
          onRemove={() => update(rows.filter((_, j) => j !== i))}
          onFocus={onFocus}
        />
      ))}
      <button
        type="button"
        onClick={() => {
          onFocus();
          // An empty row is not stored until it has a key.
          setRows([...rows, { key: '', value: '' }]);
        }}
        className="inline-flex items-center gap-1 text-xs font-medium text-brand-700 hover:underline"
      >
        <Plus className="size-3.5" aria-hidden="true" /> Add {label} entry
      </button>
    </div>
  );
}
