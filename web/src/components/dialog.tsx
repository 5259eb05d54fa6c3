import * as RadixDialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { useId, type ReactNode } from 'react';

export interface DialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** The buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  className?: string;
}

/** A modal dialog (Radix: focus trap, Escape, labelled by its title) with Stratum's look. */
export function Dialog({
  isOpen,
  onOpenChange,
  title,
  description,
  children,
  footer,
  className,
}: DialogProps) {
  const descriptionId = useId();
  return (
    <RadixDialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <RadixDialog.Content
          aria-describedby={description === undefined ? undefined : descriptionId}
          className={clsx(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-slate-200 bg-white p-5 shadow-2xl',
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              className="-mt-1 -mr-1 rounded-md p-1 text-slate-600 hover:bg-slate-100"
            >
              <X className="size-4" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          {description !== undefined && (
            <RadixDialog.Description id={descriptionId} className="mt-2 text-sm text-slate-700">
              {description}
            </RadixDialog.Description>
          )}
          {children !== undefined && <div className="mt-4">{children}</div>}
          {footer !== undefined && (
            <div className="mt-5 flex flex-wrap justify-end gap-2">{footer}</div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
