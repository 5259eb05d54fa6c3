import { toast } from 'sonner';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_TEXT,
  ZSendContactMessageBody,
  type TSendContactMessageBody,
} from '@stratum/core/contract/contact/send-contact-message';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { isApiError } from '../../lib/api-client';
import { showServerFieldErrors, useZodForm } from '../../lib/forms';
import { submitContactMessage } from './api/send-contact-message';

const EMPTY: TSendContactMessageBody = { name: '', email: '', subject: '', message: '' };

/** The public contact form, checked by the route's own schema. */
export function ContactForm() {
  const form = useZodForm(ZSendContactMessageBody, EMPTY);
  const { register, handleSubmit, reset, formState } = form;
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { message } = await submitContactMessage(body);
      toast.success(message ?? CONTACT_TEXT.sent);
      reset(EMPTY);
    } catch (error) {
      if (showServerFieldErrors(form, error)) return;
      toast.error(isApiError(error) ? error.message : CONTACT_TEXT.failed);
    }
  });

  return (
    <form
      noValidate
      aria-label="Contact form"
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-5 rounded-lg border border-slate-200 bg-white p-6 shadow-xs"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Your name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <TextField label="Subject" error={errors.subject?.message} {...register('subject')} />
      <TextareaField
        label="Message"
        rows={6}
        maxLength={CONTACT_MESSAGE_MAX_LENGTH}
        error={errors.message?.message}
        {...register('message')}
      />
      <Button type="submit" isLoading={isSubmitting}>
        Send message
      </Button>
    </form>
  );
}
