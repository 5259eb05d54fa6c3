import { toast } from 'sonner';
import { scorePassword } from '@stratum/core/auth/password-strength';
import { MSG } from '@stratum/core/messages';
import { Button } from '../../components/button';
import { PasswordField } from '../../components/password-field';
import { PasswordStrengthMeter } from '../../components/password-strength-meter';
import { TextField } from '../../components/text-field';
import { useZodForm } from '../../lib/forms';
import { submitRegistration } from './api/register';
import { signupErrorMessage } from './outcomes';
import { ZSignUpForm, type TSignUpFormValues } from './schemas';

export interface SignUpFormProps {
  /** Registration always asks for the emailed code before the first sign-in. */
  onVerificationRequired: (email: string) => void;
}

const EMPTY: TSignUpFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
};

export function SignUpForm({ onVerificationRequired }: SignUpFormProps) {
  const { register, handleSubmit, watch, formState } = useZodForm(ZSignUpForm, EMPTY);
  const { errors, isSubmitting } = formState;
  const password = watch('password');
  const isStrongEnough = scorePassword(password).isAcceptable;

  const onSubmit = handleSubmit(async (body) => {
    try {
      const result = await submitRegistration(body);
      toast.success(MSG.accountCreated);
      if (result.requiresVerification) onVerificationRequired(body.email);
    } catch (error) {
      toast.error(signupErrorMessage(error));
    }
  });

  return (
    <form noValidate aria-label="Sign up" onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint={<PasswordStrengthMeter password={password} />}
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" className="w-full" isLoading={isSubmitting} disabled={!isStrongEnough}>
        Create account
      </Button>
      {!isStrongEnough && password.length > 0 && (
        <p className="text-xs text-slate-600">
          The password needs at least a Fair score: use 8 or more characters with lowercase and
          uppercase letters, digits and special characters.
        </p>
      )}
    </form>
  );
}
