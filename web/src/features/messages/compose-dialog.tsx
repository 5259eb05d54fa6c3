import { toast } from 'sonner';
import { MESSAGE_LIMITS } from '@stratum/core/contract/messages/message';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextareaField } from '../../components/textarea-field';
import { TextField } from '../../components/text-field';
import { isApiError } from '../../lib/api-client';
import { showServerFieldErrors, useZodForm } from '../../lib/forms';
import { useSendMessage } from './api/messages';
import { composeSchema, type ReplyTarget, type TComposeFormValues } from './compose-schema';
import { RecipientChoice } from './recipient-choice';

export type { ReplyTarget } from './compose-schema';

export interface ComposeDialogProps {
  /** Prefilled for a reply; a new message when null. */
  reply: ReplyTarget | null;
  onClose: () => void;
  onSent: () => void;
}

/** A new message to staff or to a user by email, or a reply to the sender's account. */
export function ComposeDialog({ reply, onClose, onSent }: ComposeDialogProps) {
  const defaults: TComposeFormValues = {
    recipient: 'staff',
    email: '',
    subject: reply?.subject ?? '',
    body: reply?.body ?? '',
  };
  const form = useZodForm(composeSchema(reply), defaults);
  const { register, formState, watch } = form;
  const { errors } = formState;
  const isToUser = !reply && watch('recipient') === 'user';
  // Registered before subject and body, though shown only for a user: the first wrong field
  // in the dialog's order is the one focused.
  const emailField = register('email');
  const send = useSendMessage();

  const handleSubmit = form.handleSubmit((body) =>
    send.mutate(body, {
      onSuccess: onSent,
      onError: (error) => {
        if (showServerFieldErrors(form, error)) return;
        // "No active user with that address", "You cannot send a message to yourself".
        const isAboutRecipient =
          isApiError(error, 'request/not_found') || isApiError(error, 'request/invalid');
        if (body.to.type === 'user' && isAboutRecipient) {
          return form.setError('email', { message: error.message });
        }
        toast.error(isApiError(error) ? error.message : 'The message could not be sent.');
      },
    }),
  );

  const formId = 'compose-message';
  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={reply ? `Reply to ${reply.name}` : 'New message'}
      className="w-[min(40rem,calc(100vw-2rem))]"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={send.isPending}>
            Send
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        aria-label={reply ? 'Reply' : 'New message'}
        onSubmit={(e) => void handleSubmit(e)}
        className="space-y-4"
      >
        {!reply && <RecipientChoice field={register('recipient')} />}
        {isToUser && (
          <TextField
            label="Recipient email"
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...emailField}
          />
        )}
        <TextField
          label="Subject"
          maxLength={MESSAGE_LIMITS.subject}
          error={errors.subject?.message}
          {...register('subject')}
        />
        <TextareaField
          label="Message"
          rows={8}
          maxLength={MESSAGE_LIMITS.body}
          error={errors.body?.message}
          {...register('body')}
        />
      </form>
    </Dialog>
  );
}
