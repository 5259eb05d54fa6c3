import { Zap } from 'lucide-react';
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
 * The header chip from GET /api/subscription (the plan in force, credits and this month's
 * generations); the signed-in user's stored plan and credits until it answers.
 */
export function QuotaChip({ subscription, credits, isStaff }: QuotaChipViewProps) {
  const { data } = useSubscription();
  if (!data) {
    return <QuotaChipView subscription={subscription} credits={credits} isStaff={isStaff} />;
  }
  return (
    <QuotaChipView
      subscription={data.currentPlan.id}
      credits={data.credits}
      generationsUsed={data.usage.generationsUsed}
      isStaff={data.limitsFrom === 'staff'}
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
