import * as RadixTabs from '@radix-ui/react-tabs';
import clsx from 'clsx';
import type { ComponentProps } from 'react';

/** Radix tabs (arrow keys, Home/End, roles) with Stratum's look. */
export const Tabs = RadixTabs.Root;

/** The row of tabs; it scrolls sideways on a narrow screen instead of widening the page. */
export function TabsList({ className, ...rest }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={clsx(
        'flex max-w-full gap-1 overflow-x-auto border-b border-slate-200 [scrollbar-width:thin]',
        className,
      )}
      {...rest}
    />
  );
}

export function TabsTrigger({ className, ...rest }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={clsx(
        '-mb-px inline-flex shrink-0 items-center gap-1.5 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:text-slate-900 focus-visible:-outline-offset-2 data-[state=active]:border-brand-600 data-[state=active]:text-brand-800',
        className,
      )}
      {...rest}
    />
  );
}

export function TabsContent({ className, ...rest }: ComponentProps<typeof RadixTabs.Content>) {
  return (
    <RadixTabs.Content className={clsx('pt-5 focus-visible:outline-none', className)} {...rest} />
  );
}
