import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@stratum/core/messages';
import { SignUpForm } from './sign-up-form';

function renderForm() {
  const user = userEvent.setup();
  render(
    <>
      <SignUpForm onVerificationRequired={vi.fn()} />
      <Toaster />
    </>,
  );
  const field = (label: string) => screen.getByLabelText(label, { exact: true });
  const submit = screen.getByRole('button', { name: 'Create account' });
  return { user, field, submit };
}

describe('SignUpForm', () => {
  it('keeps Create account disabled until the password scores at least 3 (Fair)', async () => {
    const { user, field, submit } = renderForm();
    expect(submit).toBeDisabled();
    await user.type(field('Password'), 'abcdefgh');
    expect(screen.getByText(/Strength:/)).toHaveTextContent('Weak (2/5)');
    expect(submit).toBeDisabled();
    await user.type(field('Password'), '1');
    expect(screen.getByText(/Strength:/)).toHaveTextContent('Fair (3/5)');
    expect(submit).toBeEnabled();
  });

  it('shows the minimum length next to the password, and takes it away once it is met', async () => {
    const { user, field, submit } = renderForm();
    await user.type(field('First name'), 'Ada');
    await user.type(field('Last name'), 'Lovelace');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Password'), 'Ab1!');
    await user.type(field('Confirm password'), 'Ab1!');
    await user.click(submit);
    expect(await screen.findByText(MSG.passwordTooShort)).toBeVisible();
    expect(field('Password')).toHaveAccessibleDescription(
      expect.stringContaining(MSG.passwordTooShort),
    );

    await user.type(field('Password'), 'cdef');
    expect(screen.queryByText(MSG.passwordTooShort)).not.toBeInTheDocument();
    // The confirmation no longer matches: that is said once, at the confirmation.
    expect(await screen.findAllByText(MSG.passwordsDoNotMatch)).toHaveLength(1);
    await user.type(field('Confirm password'), 'cdef');
    expect(screen.queryByText(MSG.passwordsDoNotMatch)).not.toBeInTheDocument();
  });

  it('shows each problem once, at its own field, and not as a toast', async () => {
    const { user, field, submit } = renderForm();
    await user.type(field('Email'), 'ada@example');
    await user.type(field('Password'), 'Str0ng!Passw0rd');
    await user.type(field('Confirm password'), 'Str0ng!Passw0rd?');
    await user.click(submit);

    expect(await screen.findAllByText(MSG.fillAllFields)).toHaveLength(1);
    expect(field('First name')).toHaveAccessibleDescription(MSG.fillAllFields);
    expect(screen.getAllByText(MSG.invalidEmail)).toHaveLength(1);
    expect(field('Email')).toHaveAccessibleDescription(MSG.invalidEmail);
    expect(screen.getAllByText(MSG.passwordsDoNotMatch)).toHaveLength(1);

    // Filling the first name moves "fill in all fields" to the next empty one.
    await user.type(field('First name'), 'Ada');
    expect(field('First name')).not.toHaveAccessibleDescription(MSG.fillAllFields);
    expect(field('Last name')).toHaveAccessibleDescription(MSG.fillAllFields);
    expect(screen.getAllByText(MSG.fillAllFields)).toHaveLength(1);
  });
});
