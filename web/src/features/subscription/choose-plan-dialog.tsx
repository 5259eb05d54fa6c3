import { useState, type FormEvent } from 'react';
import type { Plan } from '@stratum/core/plans';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextareaField } from '../../components/textarea-field';
import { TextField } from '../../components/text-field';
import { REVIEW_NOTE } from './subscription-text';

export interface ChoosePlanDialogProps {
  /** The plan being chosen; the dialog is closed when null. */
  plan: Plan | null;
  isSending: boolean;
  onClose: () => void;
  onSubmit: (input: { message?: string; requestedCredits?: number }) => void;
}

const MAX_CREDITS = 1_000_000;

/**
 * §4: Free is active at once (a confirmation); a paid plan becomes pending with an activation
 * request to staff, with a message and the credits asked for.
 */
export function ChoosePlanDialog({ plan, isSending, onClose, onSubmit }: ChoosePlanDialogProps) {
  const [message, setMessage] = useState('');
  const [credits, setCredits] = useState('');
  const [error, setError] = useState<string | undefined>();
  const isPaid = plan !== null && plan.price > 0;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isPaid) return onSubmit({});
    const trimmed = credits.trim();
    const requestedCredits = trimmed === '' ? undefined : Number(trimmed);
    if (
      requestedCredits !== undefined &&
      (!Number.isInteger(requestedCredits) ||
        requestedCredits < 0 ||
        requestedCredits > MAX_CREDITS)
    ) {
      setError(`Enter a whole number from 0 to ${MAX_CREDITS.toLocaleString('en-US')}`);
      return;
    }
    setError(undefined);
    onSubmit({ message: message.trim() || undefined, requestedCredits });
  };

  const handleOpenChange = (isOpen: boolean) => {
    if (isOpen) return;
    setMessage('');
    setCredits('');
    setError(undefined);
    onClose();
  };

  const formId = 'choose-plan-form';
  return (
    <Dialog
      isOpen={plan !== null}
      onOpenChange={handleOpenChange}
      title={isPaid ? `Request the ${plan.name} plan` : 'Switch to the Free plan'}
      description={
        isPaid
          ? `Staff activate paid plans. ${REVIEW_NOTE}`
          : 'The Free plan is active at once, with its limits. A pending request is withdrawn.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => handleOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={isSending}>
            {isPaid ? 'Send request' : 'Switch to Free'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={handleSubmit} className="space-y-4">
        {isPaid && (
          <>
            <TextareaField
              label="Message to staff (optional)"
              maxLength={1000}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              placeholder="What you need the plan for, billing details…"
            />
            <TextField
              label="Credits requested (optional)"
              inputMode="numeric"
              value={credits}
              error={error}
              onChange={(e) => setCredits(e.target.value)}
            />
          </>
        )}
      </form>
    </Dialog>
  );
}
