import { useState, type FormEvent } from 'react';
import type { TActivationRequest } from '@stratum/core/contract/subscription/activation-request';
import type { TPlanId } from '@stratum/core/contract/common';
import { PLANS } from '@stratum/core/plans';
import { DEFAULT_SUBSCRIPTION_DAYS, SUBSCRIPTION_MSG } from '@stratum/core/subscription';
import { VOUCHER_LIMITS } from '@stratum/core/vouchers';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { TextareaField } from '../../components/textarea-field';
import { TextField } from '../../components/text-field';
import { parseWhole } from '../../lib/list-query';
import { PLAN_OPTIONS } from '../../lib/plan-options';
import { useProcessRequest } from './api/requests';

export interface ProcessRequestDialogProps {
  request: TActivationRequest;
  onClose: () => void;
}

type Decision = 'approve' | 'reject';

/** §7 process-request: approve (notes, planType, credits, duration) or reject (reason). */
export function ProcessRequestDialog({ request, onClose }: ProcessRequestDialogProps) {
  const [decision, setDecision] = useState<Decision>('approve');
  const [notes, setNotes] = useState('');
  const [planType, setPlanType] = useState<TPlanId>(request.requestedSubscription);
  const [credits, setCredits] = useState(String(request.requestedCredits));
  const [duration, setDuration] = useState(String(DEFAULT_SUBSCRIPTION_DAYS));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ credits?: string; duration?: string }>({});
  const process = useProcessRequest(request.id, {
    success: (_, body) =>
      body.action === 'approve' ? SUBSCRIPTION_MSG.approved : SUBSCRIPTION_MSG.rejected,
    failure: 'The request could not be processed',
    onDone: onClose,
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (decision === 'reject') {
      process.mutate({ action: 'reject', rejectionReason: reason.trim() || undefined });
      return;
    }
    const c = parseWhole(credits, 0, VOUCHER_LIMITS.maxCredits);
    const d = parseWhole(duration, 1, VOUCHER_LIMITS.maxDurationDays);
    setErrors({ credits: c.error, duration: d.error });
    if (c.value === undefined || d.value === undefined) return;
    process.mutate({
      action: 'approve',
      notes: notes.trim() || undefined,
      planType,
      credits: c.value,
      duration: d.value,
    });
  };

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
      <form id={formId} noValidate onSubmit={handleSubmit} className="space-y-4">
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
                name="decision"
                value={value}
                checked={decision === value}
                onChange={() => setDecision(value)}
                className="accent-brand-600"
              />
              {value === 'approve' ? 'Approve' : 'Reject'}
            </label>
          ))}
        </fieldset>
        {decision === 'approve' ? (
          <>
            <div className="grid gap-3 sm:grid-cols-3">
              <SelectField
                label="Plan"
                options={PLAN_OPTIONS}
                value={planType}
                onChange={(e) => setPlanType(e.target.value as TPlanId)}
              />
              <TextField
                label="Credits"
                inputMode="numeric"
                value={credits}
                error={errors.credits}
                onChange={(e) => setCredits(e.target.value)}
              />
              <TextField
                label="Duration (days)"
                inputMode="numeric"
                value={duration}
                error={errors.duration}
                onChange={(e) => setDuration(e.target.value)}
              />
            </div>
            <TextareaField
              label="Notes (optional)"
              maxLength={2000}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
          </>
        ) : (
          <TextareaField
            label="Reason (sent to the user)"
            maxLength={2000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </form>
    </Dialog>
  );
}
