import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDesign } from '../iac/design/parse';
import { PriceBook, type TPriceBookData } from './book';
import { compareClouds } from './compare-clouds';
import { estimateDesign } from './estimate-design';

const book = new PriceBook(
  JSON.parse(
    readFileSync(new URL('../../../pricing-data/price-book.json', import.meta.url), 'utf8'),
  ) as TPriceBookData,
);
const parsed = parseDesign(
  JSON.parse(
    readFileSync(new URL('../../../examples/aws-three-tier-web-app.json', import.meta.url), 'utf8'),
  ),
);
if (!parsed.ok) throw new Error('invalid example');
const design = parsed.design;

describe('compareClouds', () => {
  const result = compareClouds(design, book, { usage: { assets: { storageGb: 1000 } } });
  const cloud = (c: string) => result.clouds.find((x) => x.cloud === c)!;

  it('prices the design on AWS, Azure and GCP in their equivalent regions; OCI says why not', () => {
    expect(result.clouds.map((c) => [c.cloud, c.region, c.priced])).toEqual([
      ['aws', 'eu-west-1', true],
      ['azure', 'northeurope', true],
      ['gcp', 'europe-west1', true],
      ['oci', 'eu-amsterdam-1', false],
    ]);
    expect(cloud('oci')).toMatchObject({
      estimate: null,
      reason:
        'Oracle Cloud Infrastructure has no dated list prices in the price book, so it is not priced',
    });
    // The design's own cloud is priced as it is, without re-targeting.
    expect(cloud('aws').estimate).toEqual(
      estimateDesign(design, book, { usage: { assets: { storageGb: 1000 } } }),
    );
    expect(cloud('aws').adjustments).toEqual([]);
    for (const c of result.clouds.filter((x) => x.priced))
      expect(c.estimate!.monthlyTotal).toBeGreaterThan(0);
  });

  it('shows which service each component became, and why one has no equivalent', () => {
    const db = result.mapping.find((m) => m.componentId === 'db');
    expect(db).toEqual({
      componentId: 'db',
      name: 'orders',
      services: {
        aws: 'aws.rds-postgresql',
        azure: 'azure.postgresql-flexible',
        gcp: 'gcp.cloud-sql-postgres',
        oci: 'oci.postgresql',
      },
    });
    const igw = result.mapping.find((m) => m.componentId === 'igw');
    expect(igw?.services.azure).toBeNull();
    expect(igw?.unmapped).toEqual({ azure: 'no internet-gateway service in the azure catalog' });
    expect(result.mapping.map((m) => m.componentId)).toEqual(design.components.map((c) => c.id));
    // What re-targeting changed is listed, e.g. the bastion's size mapped to its tier.
    expect(cloud('gcp').adjustments).toContainEqual({
      componentId: 'bastion',
      message: 'size mapped to machine type e2-micro',
    });
  });

  it('uses the same usage assumptions on every cloud', () => {
    const stored = (c: string) =>
      cloud(c).estimate!.lines.find((l) => l.componentId === 'assets' && l.unit === 'GB-month');
    // AWS S3 0.023 × 1,000 GB = 23.00 (us-east-1 row); Azure Hot ZRS 0.026 × 1,000 = 26.00
    // (westus row); GCP standard 0.02 × 1,000 = 20.00 (europe-west1)
    expect(stored('aws')).toMatchObject({ quantity: 1000, unitPrice: 0.023, monthly: 23 });
    expect(stored('azure')).toMatchObject({ quantity: 1000, unitPrice: 0.026, monthly: 26 });
    expect(stored('gcp')).toMatchObject({ quantity: 1000, unitPrice: 0.02, monthly: 20 });
  });
});
