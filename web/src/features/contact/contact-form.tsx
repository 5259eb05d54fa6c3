import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_TEXT,
  sendContactMessage,
  type TSendContactMessageBody,
} from '@stratum/core/contract/contact/send-contact-message';
import { Button } from '../../components/button';
import { inputClasses, TextField } from '../../components/text-field';
import { callApi, isApiError } from '../../lib/api-client';
import { validateContact, type ContactErrors } from './validate-contact';

const EMPTY: TSendContactMessageBody = { name: '', email: '', subject: '', message: '' };

export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [isSending, setIsSending] = useState(false);

  const bind = (field: keyof TSendContactMessageBody) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [field]: event.target.value })),
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setIsSending(true);
    try {
      const { message } = await callApi(sendContactMessage, { body: values });
      toast.success(message ?? CONTACT_TEXT.sent);
      setValues(EMPTY);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : CONTACT_TEXT.failed);
    } finally {
      setIsSending(false);
    }
  };

  const message = bind('message');
  return (
    <form
      noValidate
      aria-label="Contact form"
      onSubmit={(event) => void handleSubmit(event)}
      className="space-y-5 rounded-lg border border-slate-200 bg-white p-6 shadow-xs"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Your name" autoComplete="name" {...bind('name')} />
        <TextField label="Email address" type="email" autoComplete="email" {...bind('email')} />
      </div>
      <TextField label="Subject" {...bind('subject')} />
      <div>
        <label htmlFor="contact-message" className="block text-sm font-medium text-slate-800">
          Message
        </label>
        <textarea
          id="contact-message"
          rows={6}
          maxLength={CONTACT_MESSAGE_MAX_LENGTH}
          value={message.value}
          onChange={message.onChange}
          aria-invalid={message.error ? true : undefined}
          aria-describedby={message.error ? 'contact-message-error' : undefined}
          className={`${inputClasses} mt-1 resize-y`}
        />
        {message.error && (
          <p id="contact-message-error" className="mt-1 text-xs font-medium text-red-700">
            {message.error}
          </p>
        )}
      </div>
      <Button type="submit" isLoading={isSending}>
        Send message
      </Button>
    </form>
  );
}
