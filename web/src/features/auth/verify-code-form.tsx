import { ArrowLeft } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { resendOtp } from '@stratum/core/contract/auth/resend-otp';
import { verifyOtp, type TVerifyOtpResponse } from '@stratum/core/contract/auth/verify-otp';
import { CODE_LENGTH, RESEND_COOLDOWN_SECONDS } from '@stratum/core/constants';
import { MSG } from '@stratum/core/messages';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { TextField } from '../../components/text-field';
import { callApi } from '../../lib/api-client';
import { resendOutcome, verifyErrorMessage } from './outcomes';
import { useCountdown } from './use-countdown';
import { normalizeCode, validateCode } from './validators';

export interface VerifyCodeFormProps {
  email: string;
  onVerified: (result: TVerifyOtpResponse) => void;
  onBack: () => void;
}

/** §4 "Verification": the six-digit code, with a 60 s resend countdown. */
export function VerifyCodeForm({ email, onVerified, onBack }: VerifyCodeFormProps) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isVerifying, setIsVerifying] = useState(false);
  const [isResending, setIsResending] = useState(false);
  const countdown = useCountdown(RESEND_COOLDOWN_SECONDS);
  const lastSubmitted = useRef<string | null>(null);

  const verify = async (value: string) => {
    const invalid = validateCode(value, email);
    setProblem(invalid);
    if (invalid) return;
    lastSubmitted.current = value;
    setIsVerifying(true);
    try {
      onVerified(await callApi(verifyOtp, { body: { email, code: value } }));
    } catch (error) {
      toast.error(verifyErrorMessage(error));
      setIsVerifying(false);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void verify(code);
  };

  // Typing or pasting the sixth digit submits at once (but never the same code twice).
  const handleChange = (raw: string) => {
    const next = normalizeCode(raw);
    setCode(next);
    if (next.length === CODE_LENGTH && next !== lastSubmitted.current && !isVerifying)
      void verify(next);
  };

  const handleResend = async () => {
    setIsResending(true);
    try {
      await callApi(resendOtp, { body: { email } });
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
    <form noValidate aria-label="Verify your email" onSubmit={handleSubmit} className="space-y-4">
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
        value={code}
        onChange={(e) => handleChange(e.target.value)}
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
      />
      {problem && <FormMessage>{problem}</FormMessage>}
      <Button type="submit" className="w-full" isLoading={isVerifying}>
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
