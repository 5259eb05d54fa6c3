import clsx from 'clsx';
import { useId } from 'react';

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
}

export interface SegmentedControlProps<T extends string> {
  legend: string;
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
}

/** A radio group drawn as joined buttons: arrow keys move between options, as radios do. */
export function SegmentedControl<T extends string>({
  legend,
  options,
  value,
  onChange,
}: SegmentedControlProps<T>) {
  const name = useId();
  return (
    <fieldset className="flex min-w-0 items-center gap-2">
      <legend className="float-left mr-2 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 shadow-xs">
        {options.map((option) => (
          <label
            key={option.value}
            className={clsx(
              'relative cursor-pointer rounded px-2.5 py-1 text-sm font-medium whitespace-nowrap has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
              option.value === value
                ? 'bg-brand-600 text-white'
                : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="absolute inset-0 cursor-pointer appearance-none rounded opacity-0"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
