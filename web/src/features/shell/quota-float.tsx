import clsx from 'clsx';
import { ChevronDown, Zap } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { TUsage } from '@stratum/core/contract/subscription/plan';
import { isStaff } from '../../lib/pages';
import { useMediaQuery } from '../../lib/use-media-query';
import { useCurrentUser } from '../../lib/session';
import { readString, STORAGE_KEYS, writeString } from '../../lib/storage';
import { quotaChip } from './quota';
import { useQuotaView, type QuotaChipViewProps } from './quota-chip';

/** Whether the display is folded to its pill. */
const QUOTA_COLLAPSED_KEY = STORAGE_KEYS.quotaDisplayCollapsed;
const WIDE = '(min-width: 640px)';

/** The choice made in this browser: folded (true), open (false) or none yet (null). */
function storedChoice(): boolean | null {
  const stored = readString(QUOTA_COLLAPSED_KEY);
  return stored === null ? null : stored === 'true';
}

/**
 * §1's floating quota display: in the bottom-right corner, the same figure as the header chip
 * (generations left on the free plan, credits on the others, 'Unlimited' on Enterprise and for
 * staff), folded to a small pill or opened to a card; the choice is remembered in this browser.
 */
export function QuotaFloat() {
  const user = useCurrentUser();
  const view = useQuotaView({
    subscription: user.subscription,
    credits: user.credits,
    isStaff: isStaff(user.role),
  });
  const isPlanner = useLocation().pathname.startsWith('/planner');
  const [choice, setChoice] = useState(storedChoice);
  const isWide = useMediaQuery(WIDE, true);
  // Without a choice: folded on phones (also once a window narrows to one) and in the planner
  // (its board fills the window down to the corner, where the minimap sits), open elsewhere.
  const isCollapsed = choice ?? (isPlanner || !isWide);
  const toggle = () => {
    writeString(QUOTA_COLLAPSED_KEY, String(!isCollapsed));
    setChoice(!isCollapsed);
  };
  // A control reached with Tab is scrolled clear of the display, never under it (WCAG 2.4.11).
  useEffect(() => {
    const root = document.documentElement;
    root.style.scrollPaddingBottom = isCollapsed ? '4rem' : '9rem';
    return () => {
      root.style.scrollPaddingBottom = '';
    };
  }, [isCollapsed]);
  return (
    <QuotaFloatView {...view} isCollapsed={isCollapsed} onToggle={toggle} isInPlanner={isPlanner} />
  );
}

export interface QuotaFloatViewProps extends QuotaChipViewProps {
  usage?: TUsage;
  isCollapsed: boolean;
  /** In the planner the pill sits in the strip under the board (app-shell.tsx leaves 36 px). */
  isInPlanner?: boolean;
  onToggle: () => void;
}

/** The meter under the figure: the share of this month's generations used, on limited plans. */
function generationsMeter(props: QuotaFloatViewProps) {
  const { usage } = props;
  if (!usage || usage.generationsRemaining === null || usage.generationsLimit <= 0) return null;
  if (props.isStaff || props.subscription !== 'free') return null;
  const used = Math.min(usage.generationsLimit, usage.generationsUsed);
  return { used, limit: usage.generationsLimit, resetsAt: usage.resetsAt };
}

export function QuotaFloatView(props: QuotaFloatViewProps) {
  const { isCollapsed, onToggle } = props;
  const panelId = useId();
  // The pill and the card's hide button replace each other: focus follows to the new one.
  const toggleRef = useRef<HTMLButtonElement>(null);
  const wasToggled = useRef(false);
  useEffect(() => {
    if (wasToggled.current) toggleRef.current?.focus();
  }, [isCollapsed]);
  const handleToggle = () => {
    wasToggled.current = true;
    onToggle();
  };
  const chip = quotaChip(props.subscription, props.credits, props.generationsUsed, props.isStaff);
  const meter = generationsMeter(props);
  // Only the free plan's generations run out; credits are a balance, not a limit.
  const isEmpty = chip.text === '0 left';

  return (
    // Bottom right, above the page (z-30) and under dialogs (z-50); clear of the phone's home bar.
    <aside
      aria-label="Your quota"
      className={clsx(
        'fixed right-3 z-30 print:hidden sm:right-4',
        props.isInPlanner
          ? 'bottom-[max(2px,env(safe-area-inset-bottom))] sm:right-6'
          : 'bottom-[max(0.75rem,env(safe-area-inset-bottom))] sm:bottom-4',
      )}
    >
      {isCollapsed ? (
        <button
          ref={toggleRef}
          type="button"
          onClick={handleToggle}
          aria-expanded="false"
          title={chip.description}
          className={clsx(
            'inline-flex h-8 items-center gap-1.5 rounded-full border bg-white/95 px-3 text-xs font-semibold shadow-md backdrop-blur hover:bg-white',
            isEmpty ? 'border-amber-300 text-amber-900' : 'border-slate-200 text-slate-800',
          )}
        >
          <Zap className="size-3.5 text-amber-600" aria-hidden="true" />
          <span aria-hidden="true">{chip.longText}</span>
          <span className="sr-only">Show quota: {chip.description}</span>
        </button>
      ) : (
        <div
          id={panelId}
          className="w-60 rounded-xl border border-slate-200 bg-white/95 p-3 text-sm shadow-lg backdrop-blur"
        >
          <div className="flex items-start gap-2">
            <Zap className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="text-xs font-medium text-slate-600">{chip.planName} plan</p>
              <p aria-live="polite" className="text-base font-semibold text-slate-900">
                <span>{chip.longText}</span>
                <span className="sr-only">. {chip.description}</span>
              </p>
            </div>
            <button
              ref={toggleRef}
              type="button"
              onClick={handleToggle}
              aria-expanded="true"
              aria-controls={panelId}
              aria-label="Hide quota"
              title="Hide quota"
              className="-mt-1 -mr-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
            >
              <ChevronDown className="size-4" aria-hidden="true" />
            </button>
          </div>
          {meter && (
            <div className="mt-2">
              <div
                role="meter"
                aria-label="Generations used this month"
                aria-valuemin={0}
                aria-valuemax={meter.limit}
                aria-valuenow={meter.used}
                aria-valuetext={`${meter.used} of ${meter.limit} used`}
                className="h-1.5 overflow-hidden rounded-full bg-slate-100"
              >
                <div
                  className={clsx('h-full rounded-full', isEmpty ? 'bg-amber-500' : 'bg-brand-600')}
                  style={{ width: `${(meter.used / meter.limit) * 100}%` }}
                />
              </div>
              <p className="mt-1 text-xs text-slate-600">
                Used {meter.used} of {meter.limit} · resets{' '}
                {new Date(meter.resetsAt).toLocaleDateString(undefined, {
                  month: 'short',
                  day: 'numeric',
                })}
              </p>
            </div>
          )}
          {!props.isStaff && chip.text !== 'Unlimited' && (
            <Link
              to="/subscription"
              className="text-brand-700 mt-2 inline-block text-xs font-medium underline-offset-2 hover:underline"
            >
              {isEmpty ? 'Get more: see plans' : 'See plans and vouchers'}
            </Link>
          )}
        </div>
      )}
    </aside>
  );
}
