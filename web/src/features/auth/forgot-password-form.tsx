import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { sanitizeInput } from '@stratum/core/auth/sanitize';
import { requestPasswordReset } from '@stratum/core/contract/auth/request-password-reset';
import { MSG } from '@stratum/core/messages';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { TextField } from '../../components/text-field';
import { callApi } from '../../lib/api-client';
import { forgotPasswordErrorMessage } from './outcomes';
import { validateForgotPassword } from './validators';

export interface ForgotPasswordFormProps {
  initialEmail: string;
  onBack: () => void;
}

export function ForgotPasswordForm({ initialEmail, onBack }: ForgotPasswordFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [hasSent, setHasSent] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const clean = sanitizeInput(email);
    const invalid = validateForgotPassword(clean);
    setProblem(invalid);
    if (invalid) return;
    setIsSending(true);
    try {
      await callApi(requestPasswordReset, { body: { email: clean } });
      toast.success(MSG.resetRequested);
      setHasSent(true);
    } catch (error) {
      toast.error(forgotPasswordErrorMessage(error));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <form
      noValidate
      aria-label="Forgot password"
      onSubmit={(e) => void handleSubmit(e)}
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
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      {problem && <FormMessage>{problem}</FormMessage>}
      {hasSent && <FormMessage tone="info">{MSG.resetRequested}</FormMessage>}
      <Button type="submit" className="w-full" isLoading={isSending}>
        Send reset link
      </Button>
      <Button variant="ghost" size="sm" onClick={onBack}>
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to sign in
      </Button>
    </form>
  );
}
