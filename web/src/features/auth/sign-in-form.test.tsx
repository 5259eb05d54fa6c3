import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@stratum/core/messages';
import { SignInForm } from './sign-in-form';

describe('SignInForm', () => {
  it('says "fill in all fields" once, at the first empty field, and follows the fixes', async () => {
    const user = userEvent.setup();
    const onForgotPassword = vi.fn();
    render(
      <SignInForm
        onSignedIn={vi.fn()}
        onVerificationRequired={vi.fn()}
        onForgotPassword={onForgotPassword}
      />,
    );
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password', { exact: true });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findAllByText(MSG.fillAllFields)).toHaveLength(1);
    expect(email).toHaveAccessibleDescription(MSG.fillAllFields);
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await user.type(email, ' <ada>@example');
    expect(await screen.findByText(MSG.invalidEmail)).toBeVisible();
    expect(password).toHaveAccessibleDescription(MSG.fillAllFields);
    await user.type(email, '.com ');
    await user.type(password, 'x');
    expect(screen.queryByText(MSG.invalidEmail)).not.toBeInTheDocument();
    expect(screen.queryByText(MSG.fillAllFields)).not.toBeInTheDocument();

    // Forgot password carries the typed address over, sanitised.
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(onForgotPassword).toHaveBeenCalledWith('ada@example.com');
  });
});
