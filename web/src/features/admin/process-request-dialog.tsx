import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { TActivationRequest } from '@stratum/core/contract/subscription/activation-request';
import type { TProcessRequestBody } from '@stratum/core/contract/subscription/process-request';
import { PLANS } from '@stratum/core/plans';
import { SUBSCRIPTION_MSG } from '@stratum/core/subscription';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { TextareaField } from '../../components/textarea-field';
import { TextField } from '../../components/text-field';
import { PLAN_OPTIONS } from '../../lib/plan-options';
import { useProcessRequest } from './api/requests';
import { processFormDefaults, ZProcessForm, type TProcessFormInput } from './process-request-form';

export interface ProcessRequestDialogProps {
  request: TActivationRequest;
  onClose: () => void;
}

/** §7 process-request: approve (notes, planType, credits, duration) or reject (reason). */
export function ProcessRequestDialog({ request, onClose }: ProcessRequestDialogProps) {
  const process = useProcessRequest(request.id, {
    success: (_, body) =>
      body.action === 'approve' ? SUBSCRIPTION_MSG.approved : SUBSCRIPTION_MSG.rejected,
    failure: 'The request could not be processed',
    onDone: onClose,
  });
  const form = useForm<TProcessFormInput, unknown, TProcessRequestBody>({
    resolver: zodResolver(ZProcessForm),
    defaultValues: processFormDefaults(request),
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
