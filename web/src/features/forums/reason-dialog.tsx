import { useState } from 'react';
import { FORUM_LIMITS } from '@stratum/core/forums/rules';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextareaField } from '../../components/textarea-field';

export interface ReasonRequest {
  title: string;
  description: string;
  confirmLabel: string;
  isRequired: boolean;
  isDanger?: boolean;
  onSubmit: (reason: string) => Promise<boolean>;
}

export interface ReasonDialogProps {
  request: ReasonRequest | null;
  onClose: () => void;
}

/** Asks why (for the audit trail, or a report to the moderators) before acting. */
export function ReasonDialog({ request, onClose }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };
  const submit = async () => {
    if (!request) return;
    if (request.isRequired && !reason.trim()) {
      setError('Give a reason');
      return;
    }
    setIsBusy(true);
    const ok = await request.onSubmit(reason.trim());
    setIsBusy(false);
    if (ok) close();
  };
  return (
    <Dialog
      isOpen={request !== null}
      onOpenChange={(open) => !open && close()}
      title={request?.title ?? ''}
      description={request?.description}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            variant={request?.isDanger ? 'danger' : 'primary'}
            isLoading={isBusy}
            onClick={() => void submit()}
          >
            {request?.confirmLabel}
          </Button>
        </>
      }
    >
      <TextareaField
        label={request?.isRequired ? 'Reason' : 'Reason (optional)'}
        value={reason}
        maxLength={FORUM_LIMITS.reason}
        error={error}
        onChange={(e) => {
          setReason(e.target.value);
          setError(undefined);
        }}
      />
    </Dialog>
  );
}
