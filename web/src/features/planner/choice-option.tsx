import clsx from 'clsx';

export interface ChoiceOptionProps {
  name: string;
  title: string;
  text?: string;
  isChecked: boolean;
  onSelect: () => void;
}

/** One radio choice drawn as a card (a format, a layout). */
export function ChoiceOption(props: ChoiceOptionProps) {
  return (
    <label
      className={clsx(
        'block cursor-pointer rounded-lg border bg-white px-3 py-2 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 hover:border-brand-600',
        props.isChecked ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200',
      )}
    >
      <input
        type="radio"
        name={props.name}
        checked={props.isChecked}
        onChange={props.onSelect}
        className="sr-only"
      />
      <span className="block text-sm font-medium text-slate-900">{props.title}</span>
      {props.text && <span className="mt-0.5 block text-xs text-slate-600">{props.text}</span>}
    </label>
  );
}
