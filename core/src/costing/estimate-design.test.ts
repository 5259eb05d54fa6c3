import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allServices } from '../iac/catalog/registry';
import { parseDesign } from '../iac/design/parse';
import { PriceBook, type TPriceBookData } from './book';
import {
  componentTotals,
  estimateDesign,
  estimateEnvironments,
  UnknownEnvironmentError,
} from './estimate-design';
import { PRICING_TABLES } from './estimators/registry';
import { cents, sumCents } from './money';
import { designOf, priceOne, reasons, rows } from './testing';

const book = new PriceBook(
  JSON.parse(
    readFileSync(new URL('../../../pricing-data/price-book.json', import.meta.url), 'utf8'),
  ) as TPriceBookData,
);

const example = (name: string) => {
  const parsed = parseDesign(
    JSON.parse(readFileSync(new URL(`../../../examples/${name}.json`, import.meta.url), 'utf8')),
  );
  if (!parsed.ok) throw new Error(`${name}: ${parsed.issues[0]?.message}`);
  return parsed.design;
};

describe('estimateDesign', () => {
  it('totals are the sums of the rounded lines', () => {
    const e = estimateDesign(example('aws-three-tier-web-app'), book);
    expect(e.lines.length).toBeGreaterThan(10);
    expect(e.monthlyTotal).toBe(sumCents(e.lines.map((l) => l.monthly)));
    for (const l of e.lines) expect(l.monthly).toBe(cents(l.unitPrice * l.quantity));
    expect(e).toMatchObject({
      currency: 'USD',
      cloud: 'aws',
      region: 'eu-west-1',
      environment: null,
      book: { version: 'seed-2026-07-30' },
    });
    const dates = e.lines.map((l) => l.asOf).sort();
    expect(e.book.oldest).toBe(dates[0]);
    expect(e.book.newest).toBe(dates.at(-1));
  });

  it("applies the environment's overrides", () => {
    const design = designOf(
      'aws',
      'us-east-1',
      [{ id: 'vm', service: 'aws.ec2', name: 'vm', properties: { instanceType: 't3.micro' } }],
      {
        environments: [
          { name: 'dev', overrides: {} },
          { name: 'prod', overrides: { vm: { instanceType: 'm7i.large', diskSize: 100 } } },
        ],
      },
    );
    // dev: t3.micro 0.0104 × 730 = 7.59; gp3 0.08 × 20 GB = 1.60
    const dev = estimateDesign(design, book, { environment: 'dev' });
    expect(rows(dev)).toEqual([
      ['t3.micro', 730, 0.0104, 7.59],
      ['EBS gp3', 20, 0.08, 1.6],
    ]);
    // prod: m7i.large 0.1008 × 730 = 73.58; gp3 0.08 × 100 GB = 8.00
    const prod = estimateDesign(design, book, { environment: 'prod' });
    expect(prod.environment).toBe('prod');
    expect(rows(prod)).toEqual([
      ['m7i.large', 730, 0.1008, 73.58],
      ['EBS gp3', 100, 0.08, 8],
    ]);
    expect(estimateEnvironments(design, book).map((x) => [x.name, x.monthlyTotal])).toEqual([
      ['dev', 9.19],
      ['prod', 81.58],
    ]);
    expect(() => estimateDesign(design, book, { environment: 'qa' })).toThrow(
      UnknownEnvironmentError,
    );
  });

  it('prices usage-billed parts at the defaults, or at the values the user gives', () => {
    const byDefault = priceOne(book, 'aws', 'us-east-1', 'aws.s3');
    expect(byDefault.assumptions).toEqual([
      {
        target: 'x',
        key: 'storageGb',
        label: 'Data stored',
        unit: 'GB',
        value: 100,
        default: 100,
      },
      {
        target: 'x',
        key: 'writeRequests',
        label: 'Write requests (PUT, COPY, POST, LIST)',
        unit: 'requests / month',
        value: 100_000,
        default: 100_000,
      },
    ]);
    expect(byDefault.lines.every((l) => l.usageBased)).toBe(true);
    // 0.023 × 100 GB = 2.30 + 0.005 × 100 = 0.50
    expect(byDefault.monthlyTotal).toBe(2.8);
    const given = priceOne(book, 'aws', 'us-east-1', 'aws.s3', {}, { storageGb: 1000 });
    // 0.023 × 1,000 GB = 23.00 + 0.50
    expect(given.monthlyTotal).toBe(23.5);
    expect(given.assumptions[0]).toMatchObject({ key: 'storageGb', value: 1000, default: 100 });
    // A negative or non-finite value is ignored (the contract refuses it before).
    expect(priceOne(book, 'aws', 'us-east-1', 'aws.s3', {}, { storageGb: -5 }).monthlyTotal).toBe(
      2.8,
    );
  });

  it("says when a price is another region's", () => {
    const e = priceOne(book, 'aws', 'eu-central-1', 'aws.nat-gateway');
    expect(e.lines[0]).toMatchObject({ region: 'us-east-1', monthly: 32.85 });
    expect(e.lines[0]?.note).toBe('list price of us-east-1; the book has none for eu-central-1');
    // A derived row says so too: m7i.large in eu-west-1 is computed from the family's rate.
    const derived = priceOne(book, 'aws', 'eu-west-1', 'aws.ec2', { instanceType: 'm7i.large' });
    expect(derived.lines[0]).toMatchObject({ region: 'eu-west-1', unitPrice: 0.11235 });
    expect(derived.lines[0]?.note).toBe("derived from the rate of the family's other sizes");
  });

  it('OCI: nothing priced, each service says why; networks are free', () => {
    const e = estimateDesign(example('oci-three-tier-web-app'), book);
    expect(e.lines).toEqual([]);
    expect(e.monthlyTotal).toBe(0);
    expect(e.unpriced.length).toBeGreaterThan(0);
    for (const u of e.unpriced)
      expect(u.reason).toBe(
        'OCI has no dated list prices in the price book, so its services are not priced',
      );
    expect(e.free?.map((f) => f.service)).toContain('oci.vcn');
  });

  it('unknown services, generic resources and other clouds are unpriced with the reason', () => {
    const design = designOf('aws', 'us-east-1', [
      { id: 'a', service: 'aws.quantum-computer', name: 'a' },
      {
        id: 'b',
        service: 'aws.resource',
        name: 'b',
        resource: { type: 'aws_glue_job', arguments: {} },
      },
      { id: 'c', service: 'gcp.cloud-dns', name: 'c' },
    ]);
    expect(reasons(estimateDesign(design, book))).toEqual([
      'Unknown service “aws.quantum-computer”: not in the catalog',
      'Generic resources (any provider type) are not priced: only catalog services are (aws_glue_job)',
      'Cloud DNS zone is a GCP service; the design is on AWS',
    ]);
  });

  it("a component's badge is the sum of its lines", () => {
    const e = estimateDesign(example('aws-three-tier-web-app'), book);
    const totals = componentTotals(e);
    // bastion: t4g.micro 0.0092 × 730 = 6.72 (eu-west-1) + gp3 20 GB × 0.08 = 1.60 + egress 9.00
    expect(totals.get('bastion')).toBe(17.32);
    expect(totals.has('cache')).toBe(false);
  });

  it('every priced service of every catalog prices its defaults without NaN', () => {
    const regions = { aws: 'us-east-1', azure: 'eastus', gcp: 'us-central1' } as const;
    for (const [cloud, table] of Object.entries(PRICING_TABLES)) {
      for (const [id, pricing] of Object.entries(table)) {
        if (pricing.kind !== 'priced') continue;
        const e = priceOne(
          book,
          cloud as keyof typeof regions,
          regions[cloud as keyof typeof regions],
          id,
        );
        expect(e.lines.length + e.unpriced.length + (e.free?.length ?? 0), id).toBeGreaterThan(0);
        for (const l of e.lines) {
          expect(Number.isFinite(l.monthly), `${id} ${l.label}`).toBe(true);
          expect(l.source, id).toMatch(/^[a-z-]+: \S/);
        }
      }
    }
  });
});

describe('rounding', () => {
  it('rounds to the cent half up, whatever the binary product', () => {
    // 0.0225 × 730 is 16.424999… as a double; 0.0105 × 730 is 7.664999…
    expect(cents(0.0225 * 730)).toBe(16.43);
    expect(cents(0.0105 * 730)).toBe(7.67);
    expect(cents(50_000 * 0.0000025)).toBe(0.13);
    expect(cents(0.0832 * 730)).toBe(60.74);
    expect(cents(1_234_567.895)).toBe(1_234_567.9);
    expect(sumCents([0.1, 0.2])).toBe(0.3);
  });
});

describe('coverage of the catalog', () => {
  it('every AWS, Azure and GCP service has a decision: priced, free or unpriced with a reason', () => {
    for (const service of allServices()) {
      if (service.cloud === 'oci' || service.kind === 'resource') continue;
      expect(PRICING_TABLES[service.cloud]?.[service.id], service.id).toBeDefined();
    }
    const ids = new Set(allServices().map((s) => s.id));
    for (const table of Object.values(PRICING_TABLES))
      for (const id of Object.keys(table)) expect(ids.has(id), id).toBe(true);
  });
});
