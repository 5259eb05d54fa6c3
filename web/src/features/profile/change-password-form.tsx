import { toast } from 'sonner';
import { Button } from '../../components/button';
import { Panel } from '../../components/panel';
import { PasswordField } from '../../components/password-field';
import { PasswordStrengthMeter } from '../../components/password-strength-meter';
import { isApiError } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms';
import { useChangePassword } from './api/change-password';
import { ZChangePasswordForm, type TChangePasswordFormValues } from './schemas';

const EMPTY: TChangePasswordFormValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/** The current password is required; other sessions are signed out by the server. */
export function ChangePasswordForm() {
  const { register, handleSubmit, watch, reset, setError, formState } = useZodForm(
    ZChangePasswordForm,
    EMPTY,
  );
  const { errors } = formState;
  const change = useChangePassword();

  const onSubmit = handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => {
        toast.success('Password changed. Your other sessions were signed out.');
        reset(EMPTY);
      },
      onError: (error) => {
        // A wrong current password or a password the server refuses is about that field.
        if (isApiError(error, 'auth/wrong_current_password'))
          setError('currentPassword', { message: error.message }, { shouldFocus: true });
        else if (isApiError(error, 'auth/weak_password'))
          setError('newPassword', { message: error.message }, { shouldFocus: true });
        else toast.error(isApiError(error) ? error.message : 'The password could not be changed');
      },
    }),
  );

  return (
    <Panel title="Change password">
      <form
        noValidate
        aria-label="Change password"
        onSubmit={(e) => void onSubmit(e)}
        className="space-y-4"
      >
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
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
        <Button type="submit" isLoading={change.isPending}>
          Change password
        </Button>
      </form>
    </Panel>
  );
}
