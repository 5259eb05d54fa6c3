import * as RadixSwitch from '@radix-ui/react-switch';
import clsx from 'clsx';
import { useId, type ReactNode } from 'react';

export interface SwitchProps {
  label: ReactNode;
  isChecked: boolean;
  onCheckedChange: (isChecked: boolean) => void;
  hint?: ReactNode;
  isDisabled?: boolean;
  className?: string;
}

/** An on/off switch with its label (Radix: a button with role switch). */
export function Switch({
  label,
  isChecked,
  onCheckedChange,
  hint,
  isDisabled,
  className,
}: SwitchProps) {
  const id = useId();
  return (
    <div className={clsx('flex items-start gap-3', className)}>
      <RadixSwitch.Root
        id={id}
        checked={isChecked}
        onCheckedChange={onCheckedChange}
        disabled={isDisabled}
        aria-describedby={hint === undefined ? undefined : `${id}-hint`}
        className="relative mt-0.5 inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand-600 disabled:opacity-50"
      >
        <RadixSwitch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.125rem]" />
      </RadixSwitch.Root>
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint !== undefined && (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
