import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TPropertyDefinition } from '@stratum/core/iac/types';
import { PropertyInput } from './property-input';

const version: TPropertyDefinition = {
  key: 'version',
  label: 'Kubernetes version',
  type: 'enum',
  default: '1.35',
  allowed: ['1.36', '1.35', '1.34'],
  deprecated: { '1.33': 'EKS 1.33 is in extended support until 2027-07-29' },
};

const options = () =>
  within(screen.getByLabelText('Kubernetes version'))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('PropertyInput', () => {
  it('shows a saved value the cloud no longer offers as such, above the offered ones', () => {
    render(
      <PropertyInput definition={version} value="1.33" onChange={vi.fn()} onFocus={vi.fn()} />,
    );
    expect(options()).toEqual(['1.33 (no longer offered)', '1.36', '1.35', '1.34']);
  });

  it('marks a value the catalog never accepted as not allowed', () => {
    render(
      <PropertyInput definition={version} value="1.20" onChange={vi.fn()} onFocus={vi.fn()} />,
    );
    expect(options()[0]).toBe('1.20 (not allowed)');
  });

  it('lists only the offered values when the saved one is among them', () => {
    render(
      <PropertyInput definition={version} value="1.35" onChange={vi.fn()} onFocus={vi.fn()} />,
    );
    expect(options()).toEqual(['1.36', '1.35', '1.34']);
  });
});
