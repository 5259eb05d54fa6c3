import { useState, type FormEvent } from 'react';
import { MESSAGE_LIMITS } from '@stratum/core/contract/messages/message';
import type { TSendMessageBody } from '@stratum/core/contract/messages/send-message';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormMessage } from '../../components/form-message';
import { TextareaField } from '../../components/textarea-field';
import { TextField } from '../../components/text-field';
import { isApiError } from '../../lib/api-client';
import { useSendMessage } from './api/messages';

/** Who a reply goes to: the original sender's account. */
export interface ReplyTarget {
  userId: string;
  name: string;
  subject: string;
  body: string;
  replyToId: string;
}

export interface ComposeDialogProps {
  /** Prefilled for a reply; a new message when null. */
  reply: ReplyTarget | null;
  onClose: () => void;
  onSent: () => void;
}

type Errors = Partial<Record<'email' | 'subject' | 'body', string>>;

/** A new message to staff or to a user by email, or a reply to the sender's account. */
export function ComposeDialog({ reply, onClose, onSent }: ComposeDialogProps) {
  const [toStaff, setToStaff] = useState(true);
  const [email, setEmail] = useState('');
  const [subject, setSubject] = useState(reply?.subject ?? '');
  const [body, setBody] = useState(reply?.body ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const send = useSendMessage();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Errors = {
      email: !reply && !toStaff && !email.trim() ? 'Enter the recipient’s email' : undefined,
      subject: subject.trim() ? undefined : 'Enter a subject',
      body: body.trim() ? undefined : 'Write a message',
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    const to: TSendMessageBody['to'] = reply
      ? { type: 'userId', userId: reply.userId }
      : toStaff
        ? { type: 'staff' }
        : { type: 'user', email: email.trim() };
    setFailure(null);
    send.mutate(
      { to, subject, body, replyToId: reply?.replyToId },
      {
        onSuccess: onSent,
        onError: (error) =>
          setFailure(isApiError(error) ? error.message : 'The message could not be sent.'),
      },
    );
  };

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
        onSubmit={handleSubmit}
        className="space-y-4"
      >
        {!reply && (
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">To</legend>
            <div className="mt-1 flex flex-wrap gap-4">
              <Choice
                label="Staff (support)"
                isChecked={toStaff}
                onSelect={() => setToStaff(true)}
              />
              <Choice label="A user" isChecked={!toStaff} onSelect={() => setToStaff(false)} />
            </div>
          </fieldset>
        )}
        {!reply && !toStaff && (
          <TextField
            label="Recipient email"
            type="email"
            autoComplete="off"
            value={email}
            error={errors.email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
        <TextField
          label="Subject"
          maxLength={MESSAGE_LIMITS.subject}
          value={subject}
          error={errors.subject}
          onChange={(e) => setSubject(e.target.value)}
        />
        <TextareaField
          label="Message"
          rows={8}
          maxLength={MESSAGE_LIMITS.body}
          value={body}
          error={errors.body}
          onChange={(e) => setBody(e.target.value)}
        />
        {failure && <FormMessage>{failure}</FormMessage>}
      </form>
    </Dialog>
  );
}

function Choice({
  label,
  isChecked,
  onSelect,
}: {
  label: string;
  isChecked: boolean;
  onSelect: () => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="radio"
        name="recipient"
        checked={isChecked}
        onChange={onSelect}
        className="accent-brand-600"
      />
      {label}
    </label>
  );
}
