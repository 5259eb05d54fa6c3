import { Zap } from 'lucide-react';
import type { TUsage } from '@stratum/core/contract/subscription/plan';
import { Badge } from '../../components/badge';
import { useSubscription } from '../../lib/api/subscription';
import { quotaChip } from './quota';

export interface QuotaChipViewProps {
  subscription: string;
  credits: number;
  generationsUsed?: number;
  /** Staff have no limits (decision 0010). */
  isStaff?: boolean;
}

/**
 * What the quota views show, from GET /api/subscription (the plan in force, credits and this
 * month's generations); the signed-in user's stored plan and credits until it answers. Live: a
 * generation or a redeemed voucher invalidates that query.
 */
export function useQuotaView(stored: QuotaChipViewProps): QuotaChipViewProps & { usage?: TUsage } {
  const { data } = useSubscription();
  if (!data) return stored;
  return {
    subscription: data.currentPlan.id,
    credits: data.credits,
    generationsUsed: data.usage.generationsUsed,
    isStaff: data.limitsFrom === 'staff',
    usage: data.usage,
  };
}

/** The header chip (§2). */
export function QuotaChip(stored: QuotaChipViewProps) {
  const { subscription, credits, generationsUsed, isStaff } = useQuotaView(stored);
  return (
    <QuotaChipView
      subscription={subscription}
      credits={credits}
      generationsUsed={generationsUsed}
      isStaff={isStaff}
    />
  );
}

/** Credits or remaining generations, with the plan badge. */
export function QuotaChipView({
  subscription,
  credits,
  generationsUsed,
  isStaff,
}: QuotaChipViewProps) {
  const chip = quotaChip(subscription, credits, generationsUsed, isStaff);
  return (
    <div
      title={chip.description}
      className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white py-1 pr-1 pl-2 text-xs font-medium whitespace-nowrap text-slate-800"
    >
      <span className="sr-only">{chip.description}</span>
      <Zap className="size-3.5 text-amber-600" aria-hidden="true" />
      <span aria-hidden="true">{chip.text}</span>
      {/* The plan badge folds away on phones so the header never overflows 375 px. */}
      <span className="hidden sm:inline-flex">
        <Badge tone="brand" className="ring-0">
          <span aria-hidden="true">{chip.planName}</span>
        </Badge>
      </span>
    </div>
  );
}
