import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TStepFacts } from '@stratum/core/planner/steps';
import { installLayoutShims } from '../../test/layout-shims';
import { StepBar } from './step-bar';

beforeEach(installLayoutShims);

const NOTHING: TStepFacts = {
  selectedProvider: null,
  selectedServices: [],
  componentCount: 0,
  architectureOptionalOverride: false,
};

const steps = () =>
  within(screen.getByRole('navigation', { name: 'Planner steps' })).getAllByRole('button');

describe('StepBar', () => {
  it('labels each step completed, current or locked (§2), with the count', () => {
    render(
      <StepBar
        current={2}
        furthest={2}
        facts={{ ...NOTHING, selectedProvider: 'aws', selectedServices: ['aws.ec2'] }}
        onOpenStep={() => {}}
      />,
    );
    expect(steps().map((b) => b.getAttribute('aria-label'))).toEqual([
      'Step 1: Cloud provider (completed)',
      'Step 2: Services (completed)',
      'Step 3: Architecture (current)',
      'Step 4: Naming convention (locked)',
      'Step 5: File structure (locked)',
      'Step 6: Code generation (locked)',
      'Step 7: Deployment (locked)',
    ]);
    expect(screen.getByText('3/7')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Planner progress' })).toHaveAttribute(
      'aria-valuenow',
      '3',
    );
  });

  it('says why a step is locked (§5 texts) and does not open it', async () => {
    const user = userEvent.setup();
    const onOpenStep = vi.fn();
    const { rerender } = render(
      <StepBar current={0} furthest={0} facts={NOTHING} onOpenStep={onOpenStep} />,
    );
    await user.hover(steps()[1]!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Select a cloud provider first');
    await user.click(steps()[1]!);
    expect(onOpenStep).not.toHaveBeenCalled();
    await user.unhover(steps()[1]!);

    rerender(
      <StepBar
        current={1}
        furthest={1}
        facts={{ ...NOTHING, selectedProvider: 'gcp' }}
        onOpenStep={onOpenStep}
      />,
    );
    await user.hover(steps()[2]!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Pick at least one service');
    await user.unhover(steps()[2]!);

    rerender(
      <StepBar
        current={2}
        furthest={2}
        facts={{ ...NOTHING, selectedProvider: 'gcp', selectedServices: ['gcp.gcs'] }}
        onOpenStep={onOpenStep}
      />,
    );
    await user.hover(steps()[3]!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Add components or enable override',
    );
    // An earlier step opens.
    await user.click(steps()[0]!);
    expect(onOpenStep).toHaveBeenCalledWith(0);
  });

  it('ticks completed steps and unlocks the rest once the board has a component', () => {
    render(
      <StepBar
        current={2}
        furthest={2}
        facts={{
          selectedProvider: 'aws',
          selectedServices: ['aws.ec2'],
          componentCount: 1,
          architectureOptionalOverride: false,
        }}
        onOpenStep={() => {}}
      />,
    );
    expect(steps()[3]).toHaveAccessibleName('Step 4: Naming convention');
    expect(steps()[3]).not.toHaveAttribute('aria-disabled');
    // The tick replaces the number on completed steps.
    expect(steps()[0]).not.toHaveTextContent('1');
    expect(steps()[2]).toHaveTextContent('3');
  });
});
