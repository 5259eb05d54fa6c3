import type { UseFormReturn } from 'react-hook-form';
import { CheckboxField } from '../../components/checkbox-field';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import type { TMailingFormValues } from './mailing-schema';

export interface MailingSmtpFieldsProps {
  form: UseFormReturn<TMailingFormValues, unknown, unknown>;
  hasSavedPassword: boolean;
}

/** Host, port, user, password (blank keeps the saved one) and TLS of the SMTP connection. */
export function MailingSmtpFields({ form, hasSavedPassword }: MailingSmtpFieldsProps) {
  const { register, watch } = form;
  const { errors } = form.formState;
  return (
    <>
      <TextField label="SMTP host" error={errors.smtpHost?.message} {...register('smtpHost')} />
      <TextField
        label="SMTP port"
        inputMode="numeric"
        placeholder="587"
        error={errors.smtpPort?.message}
        {...register('smtpPort')}
      />
      <TextField
        label="SMTP user"
        autoComplete="off"
        error={errors.smtpUser?.message}
        {...register('smtpUser')}
      />
      <PasswordField
        label="SMTP password"
        autoComplete="new-password"
        disabled={watch('isRemovingPassword')}
        placeholder={hasSavedPassword ? 'Saved — leave blank to keep it' : ''}
        error={errors.smtpPassword?.message}
        {...register('smtpPassword')}
      />
      {hasSavedPassword && (
        <CheckboxField
          label="Remove the saved password"
          className="sm:col-span-2"
          {...register('isRemovingPassword')}
        />
      )}
      <CheckboxField
        label="TLS from the start (port 465)"
        className="sm:col-span-2"
        hint="Otherwise STARTTLS is used when the server offers it."
        {...register('smtpSecure')}
      />
    </>
  );
}
