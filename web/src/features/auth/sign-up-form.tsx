import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { scorePassword } from '@stratum/core/auth/password-strength';
import { register } from '@stratum/core/contract/auth/register';
import { MSG } from '@stratum/core/messages';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { PasswordField } from '../../components/password-field';
import { PasswordStrengthMeter } from '../../components/password-strength-meter';
import { TextField } from '../../components/text-field';
import { callApi } from '../../lib/api-client';
import { signupErrorMessage } from './outcomes';
import { sanitizeAll, validateSignup, type SignupValues } from './validators';

export interface SignUpFormProps {
  /** Registration always asks for the emailed code before the first sign-in. */
  onVerificationRequired: (email: string) => void;
}

const EMPTY: SignupValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
};

export function SignUpForm({ onVerificationRequired }: SignUpFormProps) {
  const [values, setValues] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isStrongEnough = scorePassword(values.password).isAcceptable;

  const bind = (field: keyof SignupValues) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [field]: event.target.value })),
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const clean = sanitizeAll(values);
    const invalid = validateSignup(clean);
    setProblem(invalid);
    if (invalid) return;
    setIsSubmitting(true);
    try {
      const { firstName, lastName, email, password } = clean;
      const result = await callApi(register, { body: { firstName, lastName, email, password } });
      toast.success(MSG.accountCreated);
      if (result.requiresVerification) onVerificationRequired(email);
    } catch (error) {
      toast.error(signupErrorMessage(error));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form
      noValidate
      aria-label="Sign up"
      onSubmit={(e) => void handleSubmit(e)}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...bind('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...bind('lastName')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" {...bind('email')} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        aria-describedby="signup-strength"
        {...bind('password')}
      />
      <PasswordStrengthMeter id="signup-strength" password={values.password} />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        {...bind('confirmPassword')}
      />
      {problem && <FormMessage>{problem}</FormMessage>}
      <Button type="submit" className="w-full" isLoading={isSubmitting} disabled={!isStrongEnough}>
        Create account
      </Button>
      {!isStrongEnough && values.password.length > 0 && (
        <p className="text-xs text-slate-600">
          The password needs at least a Fair score: use 8 or more characters with lowercase and
          uppercase letters, digits and special characters.
        </p>
      )}
    </form>
  );
}
