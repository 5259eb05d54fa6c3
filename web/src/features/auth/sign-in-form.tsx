import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { login, type TLoginResponse } from '@stratum/core/contract/auth/login';
import { MSG } from '@stratum/core/messages';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { callApi } from '../../lib/api-client';
import { loginOutcome } from './outcomes';
import { useLockout } from './use-lockout';
import { sanitizeAll, validateLogin } from './validators';

export interface SignInFormProps {
  onSignedIn: (result: TLoginResponse) => void;
  onVerificationRequired: (email: string) => void;
  onForgotPassword: (email: string) => void;
}

export function SignInForm({
  onSignedIn,
  onVerificationRequired,
  onForgotPassword,
}: SignInFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const lockout = useLockout();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (lockout.isLocked) {
      toast.error(MSG.tooManyAttempts);
      return;
    }
    const values = sanitizeAll({ email, password });
    const invalid = validateLogin(values);
    setProblem(invalid);
    if (invalid) return;
    setIsSubmitting(true);
    try {
      onSignedIn(await callApi(login, { body: values }));
      lockout.reset();
    } catch (error) {
      const outcome = loginOutcome(error);
      if (outcome.kind === 'verify') {
        onVerificationRequired(values.email);
      } else if (outcome.kind === 'failed-attempt') {
        if (lockout.isLastAttempt) {
          lockout.lock(undefined);
          toast.error(MSG.accountLocked);
        } else {
          lockout.fail();
          toast.error(outcome.message);
        }
      } else if (outcome.kind === 'locked') {
        lockout.lock(outcome.retryAfterSeconds);
        toast.error(outcome.message);
      } else {
        toast.error(outcome.message);
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form
      noValidate
      aria-label="Sign in"
      onSubmit={(e) => void handleSubmit(e)}
      className="space-y-4"
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        disabled={lockout.isLocked}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        disabled={lockout.isLocked}
      />
      <div className="flex justify-end">
        <button
          type="button"
          className="text-sm font-medium text-brand-700 hover:underline"
          onClick={() => onForgotPassword(email.trim())}
        >
          Forgot password?
        </button>
      </div>
      {problem && <FormMessage>{problem}</FormMessage>}
      {lockout.isLocked && (
        <FormMessage>
          {MSG.accountLocked}. Try again in {formatSeconds(lockout.secondsLeft)}.
        </FormMessage>
      )}
      {lockout.attemptsText && (
        <p className="text-sm font-medium text-red-700" aria-live="polite">
          {lockout.attemptsText}
        </p>
      )}
      <Button type="submit" className="w-full" isLoading={isSubmitting} disabled={lockout.isLocked}>
        Sign In
      </Button>
    </form>
  );
}

function formatSeconds(total: number): string {
  const minutes = Math.floor(total / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return `${minutes}:${seconds}`;
}
