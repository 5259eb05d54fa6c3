import type { UseFormRegisterReturn } from 'react-hook-form';

export interface RecipientChoiceProps {
  /** The form's `recipient` field ('staff' or 'user'). */
  field: UseFormRegisterReturn<'recipient'>;
}

/** To staff (support) or to a user by email. */
export function RecipientChoice({ field }: RecipientChoiceProps) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">To</legend>
      <div className="mt-1 flex flex-wrap gap-4">
        <Choice label="Staff (support)" value="staff" field={field} />
        <Choice label="A user" value="user" field={field} />
      </div>
    </fieldset>
  );
}

function Choice({
  label,
  value,
  field,
}: {
  label: string;
  value: string;
  field: UseFormRegisterReturn<'recipient'>;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="radio" value={value} {...field} className="accent-brand-600" />
      {label}
    </label>
  );
}
