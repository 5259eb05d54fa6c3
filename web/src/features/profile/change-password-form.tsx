import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { changePassword } from '@stratum/core/contract/auth/change-password';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { Panel } from '../../components/panel';
import { PasswordField } from '../../components/password-field';
import { PasswordStrengthMeter } from '../../components/password-strength-meter';
import { callApi, isApiError } from '../../lib/api-client';
import { validatePasswordChange, type PasswordChangeValues } from './validators';

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The current password is required; other sessions are signed out by the server. */
export function ChangePasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const bind = (field: keyof PasswordChangeValues) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [field]: event.target.value })),
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validatePasswordChange(values);
    setProblem(invalid);
    if (invalid) return;
    setIsSaving(true);
    try {
      await callApi(changePassword, {
        body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
      });
      toast.success('Password changed. Your other sessions were signed out.');
      setValues(EMPTY);
    } catch (error) {
      setProblem(isApiError(error) ? error.message : 'The password could not be changed');
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Panel title="Change password">
      <form
        noValidate
        aria-label="Change password"
        onSubmit={(e) => void handleSubmit(e)}
        className="space-y-4"
      >
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...bind('currentPassword')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          aria-describedby="new-password-strength"
          {...bind('newPassword')}
        />
        <PasswordStrengthMeter id="new-password-strength" password={values.newPassword} />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...bind('confirmPassword')}
        />
        {problem && <FormMessage>{problem}</FormMessage>}
        <Button type="submit" isLoading={isSaving}>
          Change password
        </Button>
      </form>
    </Panel>
  );
}
