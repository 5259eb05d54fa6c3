import { describe, expect, it } from 'vitest';
import { diskTier } from './estimators-azure';
import { cloudSqlCustomTier } from './estimators-gcp';
import { estimateResource, PROVIDER_MULTIPLIERS, summariseCosts, UNPRICED } from './estimate';
import { PRICE_ROWS } from './price-table';

describe('estimateResource', () => {
  it('prices an EC2 instance and its root volume for a month of 730 hours', () => {
    const e = estimateResource(
      'aws',
      'aws.ec2',
      'vm',
      { instanceType: 't3.micro', diskSize: 20 },
      'us-east-1',
    );
    expect(e.prices.map((p) => [p.sku, p.unitPrice, p.quantity, p.monthly])).toEqual([
      ['t3.micro', 0.0104, 730, 7.59],
      ['gp3', 0.08, 20, 1.6],
    ]);
    expect(e.estimatedCost).toBe(9.19);
    expect(e.unpricedReason).toBeNull();
  });

  it("falls back to the cloud's reference region and says so", () => {
    const e = estimateResource('aws', 'aws.nat-gateway', 'nat-gateway', {}, 'eu-central-1');
    expect(e.prices[0]).toMatchObject({ region: 'us-east-1', monthly: 32.85 });
    expect(e.prices[0]?.note).toBe('list price in us-east-1; none in the table for eu-central-1');
  });

  it('leaves usage-based services, unknown SKUs and OCI unpriced, saying why', () => {
    expect(estimateResource('aws', 'aws.s3', 'object-storage', {}, 'us-east-1')).toEqual({
      estimatedCost: null,
      prices: [],
      unpricedReason: UNPRICED.usage,
    });
    expect(estimateResource('aws', 'aws.vpc', 'network', {}, 'us-east-1').unpricedReason).toBe(
      UNPRICED.noPrice,
    );
    const sql = estimateResource(
      'aws',
      'aws.ec2',
      'vm',
      { instanceType: 'x9.huge', diskSize: 10 },
      'us-east-1',
    );
    expect(sql.estimatedCost).toBe(0.8);
    expect(sql.unpricedReason).toMatch(/Instance \(x9\.huge\): no list price/);
    expect(
      estimateResource('oci', 'oci.compute-instance', 'vm', {}, 'eu-frankfurt-1').unpricedReason,
    ).toBe(UNPRICED.oci);
  });

  it('prices per environment values, e.g. Multi-AZ databases', () => {
    const single = estimateResource(
      'aws',
      'aws.rds-postgresql',
      'postgresql',
      { instanceClass: 'db.t4g.small', multiAz: false, storage: 20 },
      'us-east-1',
    );
    const multi = estimateResource(
      'aws',
      'aws.rds-postgresql',
      'postgresql',
      { instanceClass: 'db.t4g.small', multiAz: true, storage: 20 },
      'us-east-1',
    );
    expect(single.estimatedCost).toBe(23.36);
    expect(multi.estimatedCost).toBe(47.45);
    expect(single.unpricedReason).toMatch(/^Storage \(gp3, 20 GB\)/);
  });

  it('Cloud SQL custom tiers: vCPUs and memory', () => {
    expect(cloudSqlCustomTier('db-custom-2-7680')).toEqual({ vcpu: 2, memoryGb: 7.5 });
    const e = estimateResource(
      'gcp',
      'gcp.cloud-sql-postgres',
      'postgresql',
      { tier: 'db-custom-2-7680', availability: 'ZONAL', diskSize: 20 },
      'us-central1',
    );
    // 2 × 0.0413 × 730 + 7.5 × 5.11 + 20 × 0.17
    expect(e.estimatedCost).toBe(60.3 + 38.33 + 3.4);
  });
});

describe('Azure managed disk tiers', () => {
  it('bills the smallest tier that holds the disk', () => {
    expect(diskTier('Premium_LRS', 30)).toBe('P4');
    expect(diskTier('Premium_LRS', 64)).toBe('P6');
    expect(diskTier('Standard_LRS', 8)).toBe('S4');
    expect(diskTier('StandardSSD_LRS', 1000)).toBe('E30');
    expect(diskTier('UltraSSD_LRS', 10)).toBeUndefined();
  });
});

describe('summariseCosts', () => {
  it('sums priced resources and applies the §9 multiplier', () => {
    const totals = summariseCosts('gcp', [
      { estimatedCost: 10, prices: [], unpricedReason: null },
      { estimatedCost: 5.5, prices: [], unpricedReason: 'disk' },
      { estimatedCost: null, prices: [], unpricedReason: UNPRICED.usage },
    ]);
    expect(totals).toMatchObject({
      monthlyTotal: 15.5,
      multiplier: 0.85,
      simulatedCost: 13.18,
      pricedCount: 2,
      unpricedCount: 1,
      partialCount: 1,
    });
    expect(PROVIDER_MULTIPLIERS).toEqual({ aws: 1, azure: 0.95, gcp: 0.85, oci: 0.8 });
  });
});

describe('the price table', () => {
  it('holds one positive, dated price per key, SKU and region', () => {
    const seen = new Set<string>();
    for (const [key, sku, region, , price, asOf] of PRICE_ROWS) {
      const id = `${key}|${sku}|${region}`;
      expect(seen.has(id), id).toBe(false);
      seen.add(id);
      expect(price).toBeGreaterThan(0);
      expect(asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});
