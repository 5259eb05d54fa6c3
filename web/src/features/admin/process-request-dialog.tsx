import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { TActivationRequest } from '@stratum/core/contract/subscription/activation-request';
import { ZPlanId } from '@stratum/core/contract/common';
import {
  ZProcessRequestBody,
  type TProcessRequestBody,
} from '@stratum/core/contract/subscription/process-request';
import { PLANS } from '@stratum/core/plans';
import { DEFAULT_SUBSCRIPTION_DAYS, SUBSCRIPTION_MSG } from '@stratum/core/subscription';
import { VOUCHER_LIMITS } from '@stratum/core/vouchers';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { TextareaField } from '../../components/textarea-field';
import { TextField } from '../../components/text-field';
import { zWholeText } from '../../lib/form-schemas';
import { PLAN_OPTIONS } from '../../lib/plan-options';
import { useProcessRequest } from './api/requests';

export interface ProcessRequestDialogProps {
  request: TActivationRequest;
  onClose: () => void;
}

const [ZApprove, ZReject] = ZProcessRequestBody.options;
const credits = zWholeText(0, VOUCHER_LIMITS.maxCredits);
const duration = zWholeText(1, VOUCHER_LIMITS.maxDurationDays);

/**
 * The §7 body as the form holds it: one shape for both decisions (numbers as text), checked
 * by the contract's approve or reject schema when sent.
 */
const ZProcessForm = z
  .object({
    action: z.enum(['approve', 'reject']),
    planType: ZPlanId,
    credits: z.string(),
    duration: z.string(),
    notes: z.string(),
    rejectionReason: z.string(),
  })
  .transform((form, ctx): TProcessRequestBody => {
    if (form.action === 'reject') {
      return ZReject.parse({
        action: 'reject',
        rejectionReason: form.rejectionReason.trim() || undefined,
      });
    }
    const c = credits.safeParse(form.credits);
    const d = duration.safeParse(form.duration);
    if (!c.success)
      ctx.addIssue({ code: 'custom', path: ['credits'], message: c.error.issues[0]!.message });
    if (!d.success)
      ctx.addIssue({ code: 'custom', path: ['duration'], message: d.error.issues[0]!.message });
    if (!c.success || !d.success) return z.NEVER;
    return ZApprove.parse({
      action: 'approve',
      notes: form.notes.trim() || undefined,
      planType: form.planType,
      credits: c.data,
      duration: d.data,
    });
  });

/** §7 process-request: approve (notes, planType, credits, duration) or reject (reason). */
export function ProcessRequestDialog({ request, onClose }: ProcessRequestDialogProps) {
  const process = useProcessRequest(request.id, {
    success: (_, body) =>
      body.action === 'approve' ? SUBSCRIPTION_MSG.approved : SUBSCRIPTION_MSG.rejected,
    failure: 'The request could not be processed',
    onDone: onClose,
  });
  const form = useForm<z.input<typeof ZProcessForm>, unknown, TProcessRequestBody>({
    resolver: zodResolver(ZProcessForm),
    defaultValues: {
      action: 'approve',
      planType: request.requestedSubscription,
      credits: String(request.requestedCredits),
      duration: String(DEFAULT_SUBSCRIPTION_DAYS),
      notes: '',
      rejectionReason: '',
    },
  });
  const decision = form.watch('action');
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit((body) => process.mutate(body));

  const formId = 'process-request-form';
  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={`Request from ${request.username}`}
      description={`${request.userEmail} asks for the ${PLANS[request.requestedSubscription].name} plan and ${request.requestedCredits} credits.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={decision === 'approve' ? 'primary' : 'danger'}
            isLoading={process.isPending}
          >
            {decision === 'approve' ? 'Approve request' : 'Reject request'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void handleSubmit(e)} className="space-y-4">
        {request.message && (
          <blockquote className="rounded-md bg-slate-50 px-3 py-2 text-sm whitespace-pre-line text-slate-800">
            {request.message}
          </blockquote>
        )}
        <fieldset className="flex gap-4">
          <legend className="mb-1 text-sm font-medium text-slate-800">Decision</legend>
          {(['approve', 'reject'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                value={value}
                className="accent-brand-600"
                {...form.register('action')}
              />
              {value === 'approve' ? 'Approve' : 'Reject'}
            </label>
          ))}
        </fieldset>
        {decision === 'approve' ? (
          <>
            <div className="grid gap-3 sm:grid-cols-3">
              <SelectField label="Plan" options={PLAN_OPTIONS} {...form.register('planType')} />
              <TextField
                label="Credits"
                inputMode="numeric"
                error={errors.credits?.message}
                {...form.register('credits')}
              />
              <TextField
                label="Duration (days)"
                inputMode="numeric"
                error={errors.duration?.message}
                {...form.register('duration')}
              />
            </div>
            <TextareaField label="Notes (optional)" maxLength={2000} {...form.register('notes')} />
          </>
        ) : (
          <TextareaField
            label="Reason (sent to the user)"
            maxLength={2000}
            {...form.register('rejectionReason')}
          />
        )}
      </form>
    </Dialog>
  );
}
