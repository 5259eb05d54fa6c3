import { describe, expect, it, vi } from 'vitest';
import type { TCostLine, TEstimate } from '@stratum/core/costing/model';
import { BoardCostStore, componentCosts } from './board-costs';

const line = (componentId: string, monthly: number, usageBased = false): TCostLine => ({
  componentId,
  address: null,
  service: 'aws.ec2',
  label: usageBased ? 'Storage' : 'Instance',
  sku: 'm7i.large',
  region: 'us-east-1',
  unit: 'hour',
  quantity: 730,
  unitPrice: 0.1008,
  monthly,
  asOf: '2026-07-20',
  source: 'karpenter-aws: …',
  usageBased,
  note: null,
});

const estimate = (lines: TCostLine[], unpriced: TEstimate['unpriced'] = []): TEstimate => ({
  currency: 'USD',
  cloud: 'aws',
  region: 'us-east-1',
  environment: null,
  monthlyTotal: 0,
  lines,
  unpriced,
  assumptions: [],
  book: { version: 'seed', oldest: null, newest: null },
});

describe('componentCosts', () => {
  it('sums each component in cents and says what is usage-based or unpriced', () => {
    // web: m7i.large 730 h × $0.1008 = $73.58 plus a $1.60 disk = $75.18.
    const costs = componentCosts(
      estimate(
        [line('web', 73.58), line('web', 1.6), line('bucket', 2.3, true)],
        [{ componentId: 'cdn', address: null, service: 'aws.cloudfront', reason: 'no list price' }],
      ),
    );
    expect(costs.get('web')).toMatchObject({ monthly: 75.18, isUsageBased: false, unpriced: null });
    expect(costs.get('bucket')).toMatchObject({ monthly: 2.3, isUsageBased: true });
    expect(costs.get('cdn')).toMatchObject({ monthly: null, unpriced: 'no list price' });
  });

  it('keeps the previous entry of a component whose cost did not change', () => {
    const before = componentCosts(estimate([line('a', 10), line('b', 20)]));
    const after = componentCosts(estimate([line('a', 10), line('b', 25)]), before);
    expect(after.get('a')).toBe(before.get('a'));
    expect(after.get('b')).not.toBe(before.get('b'));
    expect(after.get('b')?.monthly).toBe(25);
  });
});

describe('BoardCostStore', () => {
  it('tells its subscribers when the costs change, not when they are the same map', () => {
    const store = new BoardCostStore();
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    const costs = componentCosts(estimate([line('a', 10)]));
    store.set(costs);
    store.set(costs);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get('a')?.monthly).toBe(10);
    stop();
    store.set(new Map());
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
