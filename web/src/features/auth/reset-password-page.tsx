import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { MSG } from '@stratum/core/messages';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { PasswordField } from '../../components/password-field';
import { PasswordStrengthMeter } from '../../components/password-strength-meter';
import { TextField } from '../../components/text-field';
import { useZodForm } from '../../lib/forms';
import { useDocumentTitle } from '../../lib/use-document-title';
import { submitPasswordReset } from './api/reset-password';
import { AuthCard } from './auth-card';
import { resetErrorMessage } from './outcomes';
import { ZResetPasswordForm } from './schemas';

/**
 * /reset-password: opened from the mailed link, email and token come from its query and the
 * page says so; opened without one, it says where to get one and takes both typed in.
 */
export function ResetPasswordPage() {
  useDocumentTitle('Set a new password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const isFromLink = token !== '';
  const { register, handleSubmit, watch, formState } = useZodForm(ZResetPasswordForm, {
    email,
    token,
    newPassword: '',
    confirmPassword: '',
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (body) => {
    try {
      await submitPasswordReset(body);
      toast.success(MSG.resetSucceeded);
      void navigate('/auth');
    } catch (error) {
      const { message, description } = resetErrorMessage(error);
      toast.error(message, description ? { description } : undefined);
    }
  });

  return (
    <AuthCard title="Set a new password">
      <form
        noValidate
        aria-label="Reset password"
        onSubmit={(e) => void onSubmit(e)}
        className="space-y-4"
      >
        {isFromLink ? (
          <FormMessage tone="info">
            Your email and reset token were filled in from the link in your email. Choose a new
            password.
          </FormMessage>
        ) : (
          <FormMessage tone="info">
            The link in your password-reset email fills in this page. Without it, type your email
            and the token from that email. No email?{' '}
            <Link to="/auth" className="font-medium underline">
              Request one with Forgot password
            </Link>
            .
          </FormMessage>
        )}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Reset token"
          autoComplete="off"
          spellCheck={false}
          error={errors.token?.message}
          {...register('token')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint={<PasswordStrengthMeter password={watch('newPassword')} />}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
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
