import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '@stratum/core/messages';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { TextField } from '../../components/text-field';
import { useZodForm } from '../../lib/forms';
import { submitPasswordResetRequest } from './api/request-password-reset';
import { forgotPasswordErrorMessage } from './outcomes';
import { ZForgotPasswordForm } from './schemas';

export interface ForgotPasswordFormProps {
  initialEmail: string;
  onBack: () => void;
}

export function ForgotPasswordForm({ initialEmail, onBack }: ForgotPasswordFormProps) {
  const { register, handleSubmit, formState } = useZodForm(ZForgotPasswordForm, {
    email: initialEmail,
  });
  const { errors, isSubmitting } = formState;
  const [hasSent, setHasSent] = useState(false);

  const onSubmit = handleSubmit(async (body) => {
    try {
      await submitPasswordResetRequest(body);
      toast.success(MSG.resetRequested);
      setHasSent(true);
    } catch (error) {
      toast.error(forgotPasswordErrorMessage(error));
    }
  });

  return (
    <form
      noValidate
      aria-label="Forgot password"
      onSubmit={(e) => void onSubmit(e)}
      className="space-y-4"
    >
      <p className="text-sm text-slate-700">
        Enter the email address of your account. If it exists, we send a link to set a new password;
        it works once and for a limited time.
      </p>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        error={errors.email?.message}
        {...register('email')}
      />
      {hasSent && (
        <FormMessage tone="info">
          Check your inbox: the link in the email opens the page that sets a new password.
        </FormMessage>
      )}
      <Button type="submit" className="w-full" isLoading={isSubmitting}>
        Send reset link
      </Button>
      <Button variant="ghost" size="sm" onClick={onBack}>
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to sign in
      </Button>
    </form>
  );
}
