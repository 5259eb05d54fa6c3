import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TGenerationReport } from '@stratum/core/contract/planner/generation';
import { GenerationReport } from './generation-report';

const EMPTY: TGenerationReport = {
  valid: true,
  upgradedFrom: null,
  completions: [],
  warnings: [],
  naming: [],
};

describe('GenerationReport', () => {
  it('says "nothing to report" only when there is nothing, and lists reachability warnings', () => {
    const { unmount } = render(<GenerationReport report={EMPTY} />);
    expect(screen.getByText(/nothing to report/)).toBeInTheDocument();
    unmount();
    const message =
      'Container service “api”: add a NAT gateway to network “main”: “api” (ECS on Fargate) in private subnet “app” cannot pull its image';
    render(
      <GenerationReport
        report={{
          ...EMPTY,
          warnings: [{ path: 'architectureConfig.components[1]', message, severity: 'warning' }],
        }}
      />,
    );
    expect(screen.queryByText(/nothing to report/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Warnings' })).toBeInTheDocument();
    expect(screen.getByText(message, { exact: false })).toBeInTheDocument();
  });
});
