import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TGenerationReport } from '@stratum/core/contract/planner/generation';
import { GenerationReport } from './generation-report';

const EMPTY: TGenerationReport = {
  valid: true,
  upgradedFrom: null,
  completions: [],
  warnings: [],
  naming: [],
  policy: [],
};

const OPEN = {
  rule: 'aws-alb-https-only',
  title: 'Application load balancers serve HTTPS and redirect HTTP',
  severity: 'high' as const,
  node: 'lb',
  address: 'aws_lb_listener.lb',
  message: 'HTTP listener serves traffic instead of redirecting to HTTPS',
  docs: 'https://docs.aws.amazon.com/elasticloadbalancing/latest/application/create-https-listener.html',
};
const EXEMPTED = {
  ...OPEN,
  rule: 'aws-rds-managed-password',
  title: 'RDS and Aurora master passwords are managed by Secrets Manager',
  node: 'db',
  address: 'aws_db_instance.db',
  message: 'the master password is a Terraform value (it is kept in the state)',
  docs: 'https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/rds-secrets-manager.html',
  exempted: 'legacy app reads a fixed password until Q3',
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

  it('lists policy findings with rule, title, component and documentation; exempted ones say why', () => {
    render(<GenerationReport report={{ ...EMPTY, policy: [EXEMPTED, OPEN] }} />);
    const section = screen.getByRole('region', { name: 'Security policy: 1 open, 1 exempted' });
    const items = within(section).getAllByRole('listitem');
    // Open findings come first, whatever order the engine gave.
    expect(items[0]).toHaveTextContent('aws-alb-https-only');
    expect(items[0]).toHaveTextContent(OPEN.title);
    expect(items[0]).toHaveTextContent('lb · aws_lb_listener.lb');
    expect(items[0]).not.toHaveTextContent('exempted');
    expect(items[1]).toHaveTextContent('exempted: legacy app reads a fixed password until Q3');
    expect(
      within(items[0]!).getByRole('link', { name: 'Documentation for aws-alb-https-only' }),
    ).toHaveAttribute('href', OPEN.docs);
    expect(screen.queryByText(/with nothing to report/)).not.toBeInTheDocument();
  });

  it('says every rule passes when there is no finding', () => {
    render(<GenerationReport report={EMPTY} />);
    expect(screen.getByText('Every security policy rule passes.')).toBeInTheDocument();
    expect(screen.getByText(/with nothing to report/)).toBeInTheDocument();
  });
});
