import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MSG } from '@stratum/core/messages';
import { ResetPasswordPage } from './reset-password-page';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/auth" element={<p>Sign-in page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return {
    user: userEvent.setup(),
    field: (label: string) => screen.getByLabelText(label, { exact: true }),
  };
}

describe('ResetPasswordPage', () => {
  it('opened from the mailed link: email and token are filled in, and it says so', () => {
    const { field } = renderAt('/reset-password?email=ada%40example.com&token=abc123');
    expect(field('Email')).toHaveValue('ada@example.com');
    expect(field('Reset token')).toHaveValue('abc123');
    expect(screen.getByText(/filled in from the link in your email/i)).toBeVisible();
    expect(screen.queryByText(/Without it/)).not.toBeInTheDocument();
  });

  it('opened without a link: says where to get one and takes email and token typed in', async () => {
    const { user, field } = renderAt('/reset-password');
    expect(screen.queryByText(/filled in from the link/i)).not.toBeInTheDocument();
    expect(screen.getByText(/type your email and the token from that email/i)).toBeVisible();
    expect(screen.getByRole('link', { name: /Request one with Forgot password/ })).toHaveAttribute(
      'href',
      '/auth',
    );
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Reset token'), 'abc123');
    expect(field('Email')).toHaveValue('ada@example.com');
    expect(field('Reset token')).toHaveValue('abc123');

    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findAllByText(MSG.resetFillAllFields)).toHaveLength(1);
    expect(field('New password')).toHaveAccessibleDescription(
      expect.stringContaining(MSG.resetFillAllFields),
    );
  });

  it('asks for the email first, with the spec text', async () => {
    const { user } = renderAt('/reset-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MSG.resetEmailRequired)).toBeVisible();
  });

  it('refuses a confirmation that does not match, until it does', async () => {
    const { user, field } = renderAt('/reset-password?email=ada%40example.com&token=abc123');
    await user.type(field('New password'), 'N3w!Passphrase');
    await user.type(field('Confirm new password'), 'N3w!Passphrase?');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findAllByText(MSG.passwordsDoNotMatch)).toHaveLength(1);
    expect(field('Confirm new password')).toHaveAccessibleDescription(MSG.passwordsDoNotMatch);
    expect(screen.queryByText('Sign-in page')).not.toBeInTheDocument();

    await user.type(field('Confirm new password'), '{Backspace}');
    expect(screen.queryByText(MSG.passwordsDoNotMatch)).not.toBeInTheDocument();
  });
});
