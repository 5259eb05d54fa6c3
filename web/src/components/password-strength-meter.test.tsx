import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordStrengthMeter } from './password-strength-meter';

describe('PasswordStrengthMeter', () => {
  it('names the §5 strength of what was typed', () => {
    const { rerender } = render(<PasswordStrengthMeter password="abc" />);
    expect(screen.getByText(/Strength:/)).toHaveTextContent('Strength: Very Weak (1/5)');
    rerender(<PasswordStrengthMeter password="Abcdefg1!" />);
    expect(screen.getByText(/Strength:/)).toHaveTextContent('Strength: Very Strong (5/5)');
  });
});
