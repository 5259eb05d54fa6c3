import { toast } from 'sonner';
import { z } from 'zod';
import type { Plan } from '@stratum/core/plans';
import { ZChoosePlanBody } from '@stratum/core/contract/subscription/choose-plan';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextareaField } from '../../components/textarea-field';
import { TextField } from '../../components/text-field';
import { isApiError } from '../../lib/api-client';
import { zOptionalWholeText } from '../../lib/form-schemas';
import { showServerFieldErrors, useZodForm } from '../../lib/forms';
import { useChoosePlan } from './api/choose-plan';
import { REVIEW_NOTE } from './subscription-text';

export interface ChoosePlanDialogProps {
  /** The plan being chosen; the dialog is closed when null. */
  plan: Plan | null;
  onClose: () => void;
}

const MAX_CREDITS = 1_000_000;

/** The contract's body without the plan (the dialog's), as the inputs hold it. */
const ZChoosePlanForm = ZChoosePlanBody.omit({ planId: true }).extend({
  message: z
    .string()
    .trim()
    .transform((text) => text || undefined)
    .pipe(ZChoosePlanBody.shape.message),
  requestedCredits: zOptionalWholeText(0, MAX_CREDITS),
});
type TChoosePlanFormInput = z.input<typeof ZChoosePlanForm>;
type TChoosePlanFormOutput = z.output<typeof ZChoosePlanForm>;

/**
 * §4: Free is active at once (a confirmation); a paid plan becomes pending with an activation
 * request to staff, with a message and the credits asked for.
 */
export function ChoosePlanDialog({ plan, onClose }: ChoosePlanDialogProps) {
  const choose = useChoosePlan();
  const form = useZodForm<TChoosePlanFormInput, TChoosePlanFormOutput>(ZChoosePlanForm, {
    message: '',
    requestedCredits: '',
  });
  const { errors } = form.formState;
  const isPaid = plan !== null && plan.price > 0;

  const handleClose = () => {
    form.reset();
    onClose();
  };

  const handleSubmit = form.handleSubmit((input) => {
    if (!plan) return;
    choose.mutate(isPaid ? { planId: plan.id, ...input } : { planId: plan.id }, {
      onSuccess: ({ message }) => {
        toast.success(message);
        handleClose();
      },
      onError: (error) => {
        if (showServerFieldErrors(form, error)) return;
        toast.error(isApiError(error) ? error.message : 'The plan could not be changed');
      },
    });
  });

  const formId = 'choose-plan-form';
  return (
    <Dialog
      isOpen={plan !== null}
      onOpenChange={(isOpen) => !isOpen && handleClose()}
      title={isPaid ? `Request the ${plan.name} plan` : 'Switch to the Free plan'}
      description={
        isPaid
          ? `Staff activate paid plans. ${REVIEW_NOTE}`
          : 'The Free plan is active at once, with its limits. A pending request is withdrawn.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={handleClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={choose.isPending}>
            {isPaid ? 'Send request' : 'Switch to Free'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void handleSubmit(e)} className="space-y-4">
        {isPaid && (
          <>
            <TextareaField
              label="Message to staff (optional)"
              maxLength={1000}
              placeholder="What you need the plan for, billing details…"
              error={errors.message?.message}
              {...form.register('message')}
            />
            <TextField
              label="Credits requested (optional)"
              inputMode="numeric"
              error={errors.requestedCredits?.message}
              {...form.register('requestedCredits')}
            />
          </>
        )}
      </form>
    </Dialog>
  );
}
