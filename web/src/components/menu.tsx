import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';
import type { ComponentProps } from 'react';

/** Radix's dropdown menu (keyboard, focus and dismissal done right) with Stratum's look. */
export const Menu = DropdownMenu.Root;
export const MenuTrigger = DropdownMenu.Trigger;
export const MenuGroup = DropdownMenu.Group;

export function MenuContent({
  className,
  sideOffset = 6,
  ...rest
}: DropdownMenu.DropdownMenuContentProps) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        sideOffset={sideOffset}
        collisionPadding={8}
        className={clsx(
          'z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 text-sm text-slate-800 shadow-lg',
          className,
        )}
        {...rest}
      />
    </DropdownMenu.Portal>
  );
}

export function MenuItem({ className, ...rest }: ComponentProps<typeof DropdownMenu.Item>) {
  return (
    <DropdownMenu.Item
      className={clsx(
        'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800',
        className,
      )}
      {...rest}
    />
  );
}

export function MenuLabel({ className, ...rest }: ComponentProps<typeof DropdownMenu.Label>) {
  return (
    <DropdownMenu.Label
      className={clsx('px-2 py-1.5 text-xs font-medium text-slate-600', className)}
      {...rest}
    />
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />;
}
