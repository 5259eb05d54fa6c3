import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';

export interface TooltipProps {
  /** The tooltip's text; nothing is wrapped when it is empty. */
  content: ReactNode;
  /** One focusable element: it shows the tooltip on hover and on keyboard focus. */
  children: ReactNode;
  side?: 'top' | 'bottom' | 'left' | 'right';
}

/** Radix's tooltip with Stratum's look; the provider is built in so callers need none. */
export function Tooltip({ content, children, side = 'bottom' }: TooltipProps) {
  if (content === null || content === undefined || content === '') return children;
  return (
    <RadixTooltip.Provider delayDuration={200}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-w-64 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-lg"
          >
            {content}
            <RadixTooltip.Arrow className="fill-slate-900" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
