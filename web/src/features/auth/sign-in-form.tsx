import { toast } from 'sonner';
import { sanitizeInput } from '@stratum/core/auth/sanitize';
import type { TLoginResponse } from '@stratum/core/contract/auth/login';
import { LOCKOUT_MAX_FAILURES } from '@stratum/core/constants';
import { MSG } from '@stratum/core/messages';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { useZodForm } from '../../lib/forms';
import { submitLogin } from './api/login';
import { loginOutcome } from './outcomes';
import { ZSignInForm } from './schemas';
import { useLockout } from './use-lockout';

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
  const { register, handleSubmit, getValues, formState } = useZodForm(ZSignInForm, {
    email: '',
    password: '',
  });
  const { errors, isSubmitting } = formState;
  const lockout = useLockout();

  const onSubmit = handleSubmit(async (values) => {
    if (lockout.isLocked) {
      toast.error(MSG.tooManyAttempts);
      return;
    }
    try {
      onSignedIn(await submitLogin(values));
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
    }
  });

  return (
    <form noValidate aria-label="Sign in" onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        disabled={lockout.isLocked}
        {...register('email')}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        disabled={lockout.isLocked}
        {...register('password')}
      />
      <div className="flex justify-end">
        <button
          type="button"
          className="text-sm font-medium text-brand-700 hover:underline"
          onClick={() => onForgotPassword(sanitizeInput(getValues('email')))}
        >
          Forgot password?
        </button>
      </div>
      {lockout.isLocked && (
        <FormMessage>
          Sign-in is locked after {LOCKOUT_MAX_FAILURES} failed attempts. Try again in{' '}
          {formatSeconds(lockout.secondsLeft)}.
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
