import { useState } from 'react';
import { PLAN_LIST, type Plan } from '@stratum/core/plans';
import type { TSubscriptionView } from '@stratum/core/contract/subscription/get-subscription';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormMessage } from '../../components/form-message';
import { useSubscription } from '../../lib/api/subscription';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ChoosePlanDialog } from './choose-plan-dialog';
import { CurrentPlanPanel } from './current-plan-panel';
import { PlanCard } from './plan-card';
import { PlanComparison } from './plan-comparison';
import { toast } from 'sonner';
import { isApiError } from '../../lib/api-client';
import { useCancelSubscription } from './api/cancel-subscription';
import { useWithdrawRequest } from './api/withdraw-request';
import { VoucherPanel } from './voucher-panel';

/** Why a plan cannot be chosen right now, or null when it can. */
function disabledReason(plan: Plan, view: TSubscriptionView): string | null {
  if (view.currentPlan.id === plan.id && view.pendingRequest === null) return 'Current plan';
  if (plan.price > 0 && view.pendingRequest !== null) {
    return 'A request is already waiting for staff. Withdraw it to ask for another plan.';
  }
  return null;
}

/** §2 subscription page: plans, the user's subscription and usage, vouchers, capabilities. */
export function SubscriptionPage() {
  useDocumentTitle('Subscription plans');
  const { data: view, isError, refetch } = useSubscription();
  const [chosen, setChosen] = useState<Plan | null>(null);
  const [isCancelOpen, setIsCancelOpen] = useState(false);
  const cancel = useCancelSubscription();
  const withdraw = useWithdrawRequest();
  const done = (fallback: string) => ({
    onSuccess: ({ message }: { message: string }) => {
      toast.success(message);
      setIsCancelOpen(false);
    },
    onError: (error: unknown) => toast.error(isApiError(error) ? error.message : fallback),
  });

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Subscription plans</h1>
        <p className="mt-1 text-sm text-slate-700">
          Your plan, this month&apos;s usage, and what each plan includes.
        </p>
      </div>
      {isError && (
        <FormMessage>
          Your subscription could not be loaded.{' '}
          <button type="button" className="font-medium underline" onClick={() => void refetch()}>
            Try again
          </button>
        </FormMessage>
      )}
      {view && (
        <CurrentPlanPanel
          view={view}
          isWithdrawing={withdraw.isPending}
          onCancel={() => setIsCancelOpen(true)}
          onWithdraw={() => withdraw.mutate(undefined, done('The request could not be withdrawn'))}
        />
      )}
      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Plans
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {PLAN_LIST.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              isCurrent={view?.currentPlan.id === plan.id}
              isPending={view?.pendingRequest?.requestedSubscription === plan.id}
              disabledReason={view ? disabledReason(plan, view) : 'Loading your subscription…'}
              onChoose={() => setChosen(plan)}
            />
          ))}
        </div>
      </section>
      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <VoucherPanel />
        <PlanComparison />
      </div>
      <ChoosePlanDialog plan={chosen} onClose={() => setChosen(null)} />
      <Dialog
        isOpen={isCancelOpen}
        onOpenChange={setIsCancelOpen}
        title="Cancel your subscription?"
        description="The Free plan's limits apply at once. You can request a paid plan again later."
        footer={
          <>
            <Button variant="secondary" onClick={() => setIsCancelOpen(false)}>
              Keep my plan
            </Button>
            <Button
              variant="danger"
              isLoading={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, done('The subscription could not be cancelled'))
              }
            >
              Cancel subscription
            </Button>
          </>
        }
      />
    </div>
  );
}
