import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PolicyExemptionsField } from './policy-exemptions-field';

describe('PolicyExemptionsField', () => {
  it('offers the rules of the component’s cloud and adds one only with a reason', async () => {
    const onChange = vi.fn();
    render(
      <PolicyExemptionsField cloud="aws" exempt={[]} onChange={onChange} onFocus={() => {}} />,
    );
    const rules = within(screen.getByLabelText('Exempt from rule'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(rules).toContain('aws-alb-https-only');
    expect(rules).not.toContain('azure-aks-private-api');
    const add = screen.getByRole('button', { name: 'Add exemption' });
    expect(add).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Exempt from rule'), 'aws-alb-https-only');
    await userEvent.type(screen.getByLabelText('Reason'), 'TLS ends at the CDN');
    await userEvent.click(add);
    expect(onChange).toHaveBeenCalledWith([
      { rule: 'aws-alb-https-only', reason: 'TLS ends at the CDN' },
    ]);
  });

  it('lists exemptions with their reason and removes one', async () => {
    const onChange = vi.fn();
    const exempt = [{ rule: 'aws-ec2-imdsv2', reason: 'vendor agent needs IMDSv1' }];
    render(
      <PolicyExemptionsField cloud="aws" exempt={exempt} onChange={onChange} onFocus={() => {}} />,
    );
    expect(screen.getByText(/vendor agent needs IMDSv1/)).toBeInTheDocument();
    // An exempted rule is not offered twice.
    expect(
      within(screen.getByLabelText('Exempt from rule'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).not.toContain('aws-ec2-imdsv2');
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove the exemption from aws-ec2-imdsv2' }),
    );
    expect(onChange).toHaveBeenCalledWith([]);
  });
});
