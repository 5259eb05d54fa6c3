import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveDesign } from '../iac/design/resolve';
import { PriceBook, type TPriceBookData } from './book';
import { deployResources, PROVIDER_MULTIPLIERS, summariseCosts } from './deployment-costs';
import { estimateDesign } from './estimate-design';
import { designOf } from './testing';

const book = new PriceBook(
  JSON.parse(
    readFileSync(new URL('../../../pricing-data/price-book.json', import.meta.url), 'utf8'),
  ) as TPriceBookData,
);

describe('the deployment step’s resource costs', () => {
  const design = designOf(
    'gcp',
    'us-central1',
    [
      {
        id: 'vm',
        service: 'gcp.compute-instance',
        name: 'vm',
        group: 'sub',
        properties: { machineType: 'e2-medium', diskSize: 20 },
      },
      { id: 'store', service: 'gcp.cloud-storage', name: 'store' },
      { id: 'cache', service: 'gcp.memorystore-redis', name: 'cache', group: 'sub' },
    ],
    {
      groups: [
        { id: 'net', service: 'gcp.vpc-network', name: 'net' },
        { id: 'sub', service: 'gcp.subnetwork', name: 'sub', parent: 'net' },
      ],
    },
  );
  const resources = deployResources(
    resolveDesign(design).nodes,
    estimateDesign(design, book, { environment: 'dev' }),
  );
  const byId = new Map(resources.map((r) => [r.id, r]));

  it('costs each resource the sum of its lines; free 0; unpriced null with the reason', () => {
    expect(resources.map((r) => r.id)).toEqual(['net', 'sub', 'vm', 'store', 'cache']);
    // e2-medium 0.03350571 × 730 = 24.46 + pd-balanced 0.10 × 20 GB = 2.00
    expect(byId.get('vm')).toMatchObject({ estimatedCost: 26.46, unpricedReason: null });
    expect(byId.get('vm')?.prices.map((p) => p.monthly)).toEqual([24.46, 2]);
    // 100 GB (the default assumption) × 0.02 = 2.00, marked usage-based; operations unpriced
    expect(byId.get('store')).toMatchObject({ estimatedCost: 2 });
    expect(byId.get('store')?.prices[0]?.usageBased).toBe(true);
    expect(byId.get('store')?.unpricedReason).toMatch(/^Operations/);
    expect(byId.get('cache')).toMatchObject({
      estimatedCost: null,
      prices: [],
      unpricedReason: 'Memorystore for Redis capacity prices are not in the price book',
    });
    expect(byId.get('net')).toMatchObject({
      estimatedCost: 0,
      freeReason: 'VPC networks have no charge',
    });
  });

  it('totals: list prices summed; only the simulated cost applies the §9 multiplier', () => {
    const summary = summariseCosts('gcp', resources, book.version);
    // 26.46 + 2.00 = 28.46; × 0.85 = 24.191 → 24.19
    expect(summary).toEqual({
      currency: 'USD',
      monthlyTotal: 28.46,
      multiplier: 0.85,
      simulatedCost: 24.19,
      pricedCount: 2,
      unpricedCount: 1,
      partialCount: 1,
      freeCount: 2,
      pricesAsOf: '2026-07-30',
      bookVersion: 'seed-2026-07-30',
    });
    expect(PROVIDER_MULTIPLIERS).toEqual({ aws: 1, azure: 0.95, gcp: 0.85, oci: 0.8 });
  });
});
