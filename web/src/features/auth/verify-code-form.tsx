import { ArrowLeft } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import type { TVerifyOtpResponse } from '@stratum/core/contract/auth/verify-otp';
import { CODE_LENGTH, RESEND_COOLDOWN_SECONDS } from '@stratum/core/constants';
import { MSG } from '@stratum/core/messages';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { useZodForm } from '../../lib/forms';
import { requestNewCode } from './api/resend-otp';
import { submitVerificationCode } from './api/verify-otp';
import { resendOutcome, verifyErrorMessage } from './outcomes';
import { normalizeCode, ZVerifyCodeForm } from './schemas';
import { useCountdown } from './use-countdown';

export interface VerifyCodeFormProps {
  email: string;
  onVerified: (result: TVerifyOtpResponse) => void;
  onBack: () => void;
}

/** §4 "Verification": the six-digit code, with a 60 s resend countdown. */
export function VerifyCodeForm({ email, onVerified, onBack }: VerifyCodeFormProps) {
  const { register, handleSubmit, setValue, formState } = useZodForm(ZVerifyCodeForm, {
    email,
    code: '',
  });
  const { errors, isSubmitting } = formState;
  const [isResending, setIsResending] = useState(false);
  const countdown = useCountdown(RESEND_COOLDOWN_SECONDS);
  const lastSubmitted = useRef<string | null>(null);

  const onSubmit = handleSubmit(async (body) => {
    lastSubmitted.current = body.code;
    try {
      onVerified(await submitVerificationCode(body));
    } catch (error) {
      toast.error(verifyErrorMessage(error));
    }
  });

  // Typing or pasting the sixth digit submits at once (but never the same code twice).
  const code = register('code', {
    onChange: (event: { target: { value: string } }) => {
      const next = normalizeCode(event.target.value);
      setValue('code', next);
      if (next.length === CODE_LENGTH && next !== lastSubmitted.current && !isSubmitting)
        void onSubmit();
    },
  });

  const handleResend = async () => {
    setIsResending(true);
    try {
      await requestNewCode(email);
      toast.success(MSG.codeSent);
      countdown.restart(RESEND_COOLDOWN_SECONDS);
    } catch (error) {
      const outcome = resendOutcome(error);
      toast.error(outcome.message);
      if (outcome.shouldRestartTimer) countdown.restart(RESEND_COOLDOWN_SECONDS);
    } finally {
      setIsResending(false);
    }
  };

  return (
    <form
      noValidate
      aria-label="Verify your email"
      onSubmit={(e) => void onSubmit(e)}
      className="space-y-4"
    >
      <p className="text-sm text-slate-700">
        We sent a 6-digit code to{' '}
        <strong className="text-slate-900">{email || 'your email'}</strong>. Enter it below, or
        paste it.
      </p>
      <TextField
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        error={errors.code?.message}
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
        {...code}
      />
      <Button type="submit" className="w-full" isLoading={isSubmitting}>
        Verify
      </Button>
      <div className="flex items-center justify-between gap-3">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft className="size-4" aria-hidden="true" /> Back
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void handleResend()}
          disabled={countdown.secondsLeft > 0}
          isLoading={isResending}
        >
          {countdown.secondsLeft > 0 ? `Resend in ${countdown.secondsLeft}s` : 'Resend'}
        </Button>
      </div>
    </form>
  );
}
