import clsx from 'clsx';

export interface PillChoiceProps {
  name: string;
  label: string;
  isChecked: boolean;
  onSelect: () => void;
}

/** One radio choice drawn as a pill (a separator, a case). */
export function PillChoice(props: PillChoiceProps) {
  return (
    <label
      className={clsx(
        'cursor-pointer rounded-md px-2.5 py-1 text-sm ring-1 ring-inset focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
        props.isChecked
          ? 'bg-brand-600 text-white ring-brand-600'
          : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50',
      )}
    >
      <input
        type="radio"
        name={props.name}
        checked={props.isChecked}
        onChange={props.onSelect}
        className="sr-only"
      />
      {props.label}
    </label>
  );
}
