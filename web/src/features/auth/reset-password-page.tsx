import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { resetPassword } from '@stratum/core/contract/auth/reset-password';
import { MSG } from '@stratum/core/messages';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { PasswordField } from '../../components/password-field';
import { PasswordStrengthMeter } from '../../components/password-strength-meter';
import { TextField } from '../../components/text-field';
import { callApi } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthCard } from './auth-card';
import { resetErrorMessage } from './outcomes';
import { sanitizeAll, validateReset, type ResetValues } from './validators';

/** /reset-password: email, token (both from the mailed link) and the new password. */
export function ResetPasswordPage() {
  useDocumentTitle('Set a new password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [values, setValues] = useState<ResetValues>(() => ({
    email: params.get('email') ?? '',
    token: params.get('token') ?? '',
    newPassword: '',
  }));
  const [problem, setProblem] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const bind = (field: keyof ResetValues) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [field]: event.target.value })),
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const clean = sanitizeAll(values);
    const invalid = validateReset(clean);
    setProblem(invalid);
    if (invalid) return;
    setIsSubmitting(true);
    try {
      await callApi(resetPassword, { body: clean });
      toast.success(MSG.resetSucceeded);
      void navigate('/auth');
    } catch (error) {
      const { message, description } = resetErrorMessage(error);
      toast.error(message, description ? { description } : undefined);
      setIsSubmitting(false);
    }
  };

  return (
    <AuthCard title="Set a new password">
      <form
        noValidate
        aria-label="Reset password"
        onSubmit={(e) => void handleSubmit(e)}
        className="space-y-4"
      >
        <TextField label="Email" type="email" autoComplete="email" {...bind('email')} />
        <TextField
          label="Reset token"
          autoComplete="off"
          spellCheck={false}
          hint="Filled in from the link in your email."
          {...bind('token')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          aria-describedby="reset-strength"
          {...bind('newPassword')}
        />
        <PasswordStrengthMeter id="reset-strength" password={values.newPassword} />
        {problem && <FormMessage>{problem}</FormMessage>}
        <Button type="submit" className="w-full" isLoading={isSubmitting}>
          Reset password
        </Button>
        <p className="text-center text-sm text-slate-700">
          <Link to="/auth" className="font-medium text-brand-700 hover:underline">
            Back to sign in
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
