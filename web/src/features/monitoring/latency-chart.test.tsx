import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TResultPoint } from '@stratum/core/contract/monitoring/results';
import { installLayoutShims } from '../../test/layout-shims';
import { LatencyChart } from './latency-chart';

beforeEach(installLayoutShims);

const run = (at: string, latencyMs: number | null, isUp = true): TResultPoint => ({
  at,
  total: 1,
  up: isUp ? 1 : 0,
  latencyMs,
  statusCode: latencyMs === null ? null : isUp ? 200 : 500,
  error: isUp ? null : 'Status 500, expected 200-299',
});

describe('LatencyChart', () => {
  it('names the runs it draws, the latency span and the failures, with a dot per run', () => {
    const { container } = render(
      <LatencyChart
        range="1h"
        points={[
          run('2026-12-01T10:00:00.000Z', 3),
          run('2026-12-01T10:00:30.000Z', 3),
          run('2026-12-01T10:01:00.000Z', 12, false),
          run('2026-12-01T10:01:30.000Z', null, false),
        ]}
      />,
    );
    expect(
      screen.getByRole('img', {
        name: 'Latency over the last 1 hour: 4 runs, 3 to 12 ms, 2 failed',
      }),
    ).toBeInTheDocument();
    // Three answers on the latency line, two failed runs on the axis.
    expect(container.querySelectorAll('.recharts-line-dot')).toHaveLength(5);
  });

  it('says "run" for one and gives its latency once; 7 days count the runs in each hour', () => {
    const { rerender } = render(
      <LatencyChart range="24h" points={[run('2026-12-01T10:00:00.000Z', 7)]} />,
    );
    expect(
      screen.getByRole('img', { name: 'Latency over the last 24 hours: 1 run, 7 ms' }),
    ).toBeInTheDocument();
    rerender(
      <LatencyChart
        range="7d"
        points={[
          { ...run('2026-12-01T09:00:00.000Z', 20), total: 120, up: 119 },
          { ...run('2026-12-01T10:00:00.000Z', null), total: 2, up: 0 },
        ]}
      />,
    );
    expect(
      screen.getByRole('img', {
        name: 'Latency over the last 7 days: 122 runs, 20 ms, 3 failed',
      }),
    ).toBeInTheDocument();
  });
});
