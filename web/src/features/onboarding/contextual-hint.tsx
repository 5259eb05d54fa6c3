import { Lightbulb } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { dismissAllHints, dismissHint, readHintState, shouldShowHint } from './hint-store';
import { hintFor } from './hint-texts';

export interface ContextualHintProps {
  /** The page shown; pages without a hint render nothing. */
  page: string;
}

/**
 * §2 onboarding hints: a short hint at the top of the page, with Dismiss (this page only) and
 * a way to turn every hint off. It sits in the flow, so it never covers what it explains.
 */
export function ContextualHint({ page }: ContextualHintProps) {
  const [state, setState] = useState(readHintState);
  if (!shouldShowHint(page, state)) return null;
  const { title, text } = hintFor(page);
  const titleId = `hint-${page}-title`;
  return (
    <aside
      aria-labelledby={titleId}
      className="mb-6 flex flex-wrap items-start gap-3 rounded-lg border border-brand-100 bg-white p-4 shadow-xs"
    >
      <Lightbulb className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="text-sm font-semibold text-slate-900">
          Tip: {title}
        </h2>
        <p className="mt-0.5 text-sm text-slate-700">{text}</p>
      </div>
      <div className="flex basis-full justify-end gap-2 sm:basis-auto">
        <Button variant="ghost" size="sm" onClick={() => setState(dismissAllHints())}>
          Hide all tips
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setState(dismissHint(page))}>
          Dismiss
        </Button>
      </div>
    </aside>
  );
}
