import { describe, expect, it } from 'vitest';
import type { TDeployResource } from '@stratum/core/contract/planner/deployment';
import { simulate, type SimulationInput } from './simulation';

const t0 = new Date('2026-11-22T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const resource = (id: string): TDeployResource => ({
  id,
  name: id,
  service: 'aws.ec2',
  serviceName: 'EC2 instance',
  kind: 'vm',
  estimatedCost: 10,
  prices: [],
  unpricedReason: null,
});
const input = (rollbackRequestedAt: Date | null = null): SimulationInput => ({
  startedAt: t0,
  rollbackRequestedAt,
  provider: 'azure',
  environment: 'prod',
  resources: [resource('a'), resource('b'), resource('c')],
  costSummary: {
    currency: 'USD',
    monthlyTotal: 30,
    multiplier: 0.95,
    simulatedCost: 28.5,
    pricedCount: 3,
    unpricedCount: 0,
    partialCount: 0,
    pricesAsOf: '2026-06-18',
  },
});

describe('simulate (§4)', () => {
  it('is pending until 1 s, running until 5 s, then completed with the cost', () => {
    expect(simulate(input(), at(0)).status).toBe('pending');
    expect(simulate(input(), at(999)).status).toBe('pending');
    expect(simulate(input(), at(1000)).status).toBe('running');
    expect(simulate(input(), at(4999))).toMatchObject({ status: 'running', cost: null });
    expect(simulate(input(), at(5000))).toMatchObject({
      status: 'completed',
      endTime: at(5000),
      cost: 28.5,
      rollbackAvailable: true,
      rollback: null,
    });
  });

  it('shows only the logs whose time has come, in order', () => {
    expect(simulate(input(), at(0)).logs).toHaveLength(1);
    const running = simulate(input(), at(1000)).logs.map((l) => l.message);
    expect(running.at(-1)).toBe('Deployment running');
    const done = simulate(input(), at(60_000)).logs;
    expect(done.map((l) => l.message)).toEqual([
      'Simulation: deployment of 3 resources to azure (prod) is pending',
      'Deployment running',
      'Created EC2 instance "a"',
      'Created EC2 instance "b"',
      'Created EC2 instance "c"',
      "Deployment completed. Simulated cost $28.50 a month (list price $30.00 × 0.95, the Simulate driver's multiplier for azure)",
    ]);
    const times = done.map((l) => Date.parse(l.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.at(-1)).toBe(at(5000).getTime());
  });

  it('logs a rollback and its success 3 s later', () => {
    const rollbackAt = at(8000);
    const rolling = simulate(input(rollbackAt), at(9000));
    expect(rolling.rollbackAvailable).toBe(false);
    expect(rolling.rollback).toEqual({ status: 'running', startTime: rollbackAt, endTime: null });
    expect(rolling.logs.at(-1)).toMatchObject({ level: 'warning', message: 'Rollback started' });
    const done = simulate(input(rollbackAt), at(11_000));
    expect(done.rollback).toEqual({
      status: 'completed',
      startTime: rollbackAt,
      endTime: at(11_000),
    });
    expect(done.logs.at(-1)).toMatchObject({
      level: 'success',
      message: 'Rollback completed successfully',
      timestamp: at(11_000).toISOString(),
    });
  });
});
