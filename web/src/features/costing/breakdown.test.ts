import { describe, expect, it } from 'vitest';
import { byService, comparisonRows, sumUsd, unmappedOf } from './breakdown';
import { COMPARISON, ESTIMATE } from './test-fixtures';

describe('breakdown', () => {
  it('adds money in cents, so $0.10 + $0.20 is $0.30', () => {
    expect(sumUsd([0.1, 0.2])).toBe(0.3);
    expect(sumUsd([73.58, 1.6, 2.3, 0.5])).toBe(77.98);
  });

  it('groups the lines by service, largest first, summing to the total', () => {
    const shares = byService(ESTIMATE.lines, (s) => s);
    // aws.ec2: 73.58 + 1.60 = 75.18; aws.s3: 2.30 + 0.50 = 2.80.
    expect(shares).toEqual([
      { key: 'aws.ec2', label: 'aws.ec2', monthly: 75.18 },
      { key: 'aws.s3', label: 'aws.s3', monthly: 2.8 },
    ]);
    expect(sumUsd(shares.map((s) => s.monthly))).toBe(ESTIMATE.monthlyTotal);
  });

  it('prices each component on each cloud, and says why where it cannot', () => {
    const [web, cdn] = comparisonRows(COMPARISON);
    expect(web?.clouds.aws).toEqual({ service: 'aws.ec2', monthly: 75.18, reason: null });
    expect(web?.clouds.azure.monthly).toBe(70.08);
    expect(web?.clouds.oci).toEqual({
      service: 'oci.compute',
      monthly: null,
      reason: 'OCI has no dated list prices in the price book',
    });
    expect(cdn?.clouds.aws.reason).toBe('CloudFront has no list price in the price book');
    expect(cdn?.clouds.azure.reason).toBe('No Azure equivalent of CloudFront in the catalog');
  });

  it('lists what could not be mapped, per cloud', () => {
    expect(unmappedOf(COMPARISON).map((u) => `${u.name}/${u.cloud}`)).toEqual([
      'cdn/azure',
      'cdn/gcp',
      'cdn/oci',
    ]);
  });
});
