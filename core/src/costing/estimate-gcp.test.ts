import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PriceBook, type TPriceBookData } from './book';
import { estimateDesign } from './estimate-design';
import { designOf, priceOne, reasons, rows } from './testing';

const book = new PriceBook(
  JSON.parse(
    readFileSync(new URL('../../../pricing-data/price-book.json', import.meta.url), 'utf8'),
  ) as TPriceBookData,
);
const gcp = (service: string, props = {}, usage?: Record<string, number>) =>
  priceOne(book, 'gcp', 'us-central1', service, props, usage);

describe('GCP estimators (us-central1 rows of the seed book)', () => {
  it('Compute Engine: the machine type for 730 hours and the boot disk', () => {
    const e = gcp('gcp.compute-instance', {
      machineType: 'e2-medium',
      diskType: 'pd-balanced',
      diskSize: 20,
    });
    // e2-medium 0.03350571 × 730 = 24.4591683 → 24.46; pd-balanced 0.10 × 20 GB = 2.00
    expect(rows(e)).toEqual([
      ['e2-medium', 730, 0.03350571, 24.46],
      ['Persistent Disk pd-balanced', 20, 0.1, 2],
    ]);
    expect(e.lines[0]?.source).toBe(
      'cyclenerd-gcp: pricing.yml compute.instance.e2-medium.cost.us-central1.hour',
    );
  });

  it('N4 and C4 boot from Hyperdisk, which the book has no price for', () => {
    const e = gcp('gcp.compute-instance', { machineType: 'n4-standard-2' });
    expect(e.lines).toHaveLength(1);
    expect(reasons(e)).toEqual([
      'Boot disk (hyperdisk-balanced): Hyperdisk prices are not in the price book',
    ]);
  });

  it('managed instance group: instances and boot disks at the group minimum', () => {
    const e = gcp('gcp.managed-instance-group', {
      machineType: 'n2-standard-2',
      minSize: 2,
      diskSize: 20,
    });
    // n2-standard-2 0.097118 × 730 × 2 = 141.79228 → 141.79; pd-balanced 0.10 × 2 × 20 GB = 4.00
    expect(rows(e)).toEqual([
      ['n2-standard-2', 1460, 0.097118, 141.79],
      ['Persistent Disk pd-balanced', 40, 0.1, 4],
    ]);
  });

  it('GKE: the management fee, nodes in three zones and their 100 GB boot disks', () => {
    const e = gcp('gcp.gke', { machineType: 'e2-standard-4', nodeMin: 1 });
    // 0.10 × 730 = 73.00; 1 node per zone × 3 zones: e2-standard-4 0.13402284 × 730 × 3
    // = 293.5100196 → 293.51; pd-balanced 0.10 × 3 × 100 GB = 30.00
    expect(rows(e)).toEqual([
      ['GKE cluster management fee', 730, 0.1, 73],
      ['e2-standard-4', 2190, 0.13402284, 293.51],
      ['Persistent Disk pd-balanced', 300, 0.1, 30],
    ]);
    expect(e.assumptions[0]).toMatchObject({ key: 'nodes', value: 3, default: 3 });
    expect(e.monthlyTotal).toBe(396.51);
  });

  it('persistent disk by type', () => {
    // pd-ssd 0.17 × 100 GB = 17.00
    expect(rows(gcp('gcp.persistent-disk', { type: 'pd-ssd', size: 100 }))).toEqual([
      ['Persistent Disk pd-ssd', 100, 0.17, 17],
    ]);
  });

  it('Cloud SQL for PostgreSQL: vCPUs and memory of a custom tier, zonal or regional', () => {
    const zonal = gcp('gcp.cloud-sql-postgres', { tier: 'db-custom-1-3840', diskSize: 20 });
    // 1 vCPU × 0.0413 × 730 = 30.149 → 30.15; 3,840 MB = 3.75 GB × 5.11 = 19.1625 → 19.16;
    // SSD 0.17 × 20 GB = 3.40
    expect(rows(zonal)).toEqual([
      ['Cloud SQL vCPU (Enterprise, zonal)', 730, 0.0413, 30.15],
      ['Cloud SQL memory (Enterprise, zonal)', 3.75, 5.11, 19.16],
      ['Cloud SQL SSD storage (zonal)', 20, 0.17, 3.4],
    ]);
    const ha = gcp('gcp.cloud-sql-postgres', {
      tier: 'db-custom-2-7680',
      availability: 'REGIONAL',
      diskSize: 50,
    });
    // 2 × 0.0826 × 730 = 120.596 → 120.60; 7.5 GB × 10.22 = 76.65; 0.34 × 50 GB = 17.00
    expect(rows(ha)).toEqual([
      ['Cloud SQL vCPU (Enterprise, regional HA)', 1460, 0.0826, 120.6],
      ['Cloud SQL memory (Enterprise, regional HA)', 7.5, 10.22, 76.65],
      ['Cloud SQL SSD storage (regional HA)', 50, 0.34, 17],
    ]);
    const micro = gcp('gcp.cloud-sql-postgres', { tier: 'db-f1-micro', diskSize: 10 });
    // 0.0105 × 730 = 7.665 → 7.67 (half up, to the cent); 0.17 × 10 = 1.70
    expect(rows(micro)).toEqual([
      ['Cloud SQL db-f1-micro (zonal)', 730, 0.0105, 7.67],
      ['Cloud SQL SSD storage (zonal)', 10, 0.17, 1.7],
    ]);
  });

  it('Cloud SQL for MySQL: zonal priced; regional HA rows are not in the book', () => {
    const zonal = gcp('gcp.cloud-sql-mysql', { tier: 'db-custom-1-3840', diskSize: 20 });
    // the same rows as PostgreSQL: 30.15 + 19.16 + 3.40
    expect(zonal.monthlyTotal).toBe(52.71);
    const ha = gcp('gcp.cloud-sql-mysql', { tier: 'db-custom-1-3840', availability: 'REGIONAL' });
    expect(reasons(ha)).toEqual([
      'vCPUs (1, regional HA): the price book has no GCP list price for “Cloud SQL vCPU (Enterprise, regional HA)”',
      'Memory (3.75 GB, regional HA): the price book has no GCP list price for “Cloud SQL memory (Enterprise, regional HA)”',
    ]);
  });

  it('Cloud Storage by class; archive and operations unpriced', () => {
    // standard 0.02 × 100 GB = 2.00; nearline 0.01 × 500 GB = 5.00
    expect(rows(gcp('gcp.cloud-storage'))).toEqual([
      ['Cloud Storage standard (regional)', 100, 0.02, 2],
    ]);
    expect(
      rows(gcp('gcp.cloud-storage', { storageClass: 'NEARLINE' }, { storageGb: 500 })),
    ).toEqual([['Cloud Storage nearline (regional)', 500, 0.01, 5]]);
    expect(reasons(gcp('gcp.cloud-storage', { storageClass: 'ARCHIVE' }))).toEqual([
      'Archive storage is not in the price book',
    ]);
  });

  it('load balancers: forwarding rules, data processed and egress', () => {
    const http = gcp('gcp.http-load-balancer');
    // 2 rules (HTTPS, HTTP redirect) × 0.01 × 730 = 14.60; 0.008 × 100 GB = 0.80; 0.12 × 100 GB = 12.00
    expect(rows(http)).toEqual([
      ['Forwarding rule', 1460, 0.01, 14.6],
      ['Load balancer data processed (ingress)', 100, 0.008, 0.8],
      ['Internet egress, Premium tier, worldwide excl. China/Australia (0–1 TB)', 100, 0.12, 12],
    ]);
    const internal = gcp('gcp.network-load-balancer', { public: false });
    // 1 rule × 0.01 × 730 = 7.30; 0.80; no egress
    expect(rows(internal)).toEqual([
      ['Forwarding rule', 730, 0.01, 7.3],
      ['Load balancer data processed (ingress)', 100, 0.008, 0.8],
    ]);
  });

  it('egress tiers: the first TB at 0.12, the next at 0.11', () => {
    const e = gcp('gcp.network-load-balancer', {}, { egressGb: 2048, dataProcessedGb: 0 });
    // 1,024 GB × 0.12 = 122.88; 1,024 GB × 0.11 = 112.64
    expect(rows(e).slice(2)).toEqual([
      [
        'Internet egress, Premium tier, worldwide excl. China/Australia (0–1 TB)',
        1024,
        0.12,
        122.88,
      ],
      [
        'Internet egress, Premium tier, worldwide excl. China/Australia (1–10 TB)',
        1024,
        0.11,
        112.64,
      ],
    ]);
  });

  it('Cloud NAT: per VM-hour up to 32 VMs, data processed and egress', () => {
    const design = designOf('gcp', 'us-central1', [
      { id: 'nat', service: 'gcp.cloud-nat', name: 'nat' },
      { id: 'vm', service: 'gcp.compute-instance', name: 'vm' },
      { id: 'mig', service: 'gcp.managed-instance-group', name: 'mig', properties: { minSize: 3 } },
    ]);
    const e = estimateDesign(design, book);
    const nat = e.lines.filter((l) => l.componentId === 'nat');
    // 4 VMs (1 + 3): 730 h × 4/32 = 91.25 h × 0.0448 = 4.088 → 4.09; 0.045 × 100 GB = 4.50;
    // egress 0.12 × 100 GB = 12.00
    expect(nat.map((l) => [l.sku, l.quantity, l.unitPrice, l.monthly])).toEqual([
      ['Cloud NAT gateway (32 or more VMs; $0.0014 per VM-hour below)', 91.25, 0.0448, 4.09],
      ['Cloud NAT data processed', 100, 0.045, 4.5],
      ['Internet egress, Premium tier, worldwide excl. China/Australia (0–1 TB)', 100, 0.12, 12],
    ]);
    expect(e.assumptions.find((a) => a.target === 'nat' && a.key === 'vms')).toMatchObject({
      value: 4,
      default: 4,
    });
    // 40 VMs are billed as 32: 730 × 0.0448 = 32.704 → 32.70
    const big = gcp('gcp.cloud-nat', {}, { vms: 40 });
    expect(rows(big)[0]).toEqual([
      'Cloud NAT gateway (32 or more VMs; $0.0014 per VM-hour below)',
      730,
      0.0448,
      32.7,
    ]);
  });

  it('Cloud DNS, KMS and Pub/Sub', () => {
    expect(rows(gcp('gcp.cloud-dns'))).toEqual([
      ['Cloud DNS managed zone (first 25)', 1, 0.2, 0.2],
    ]);
    // 1 key version × 0.06; 100,000 operations = 10 × 0.03 = 0.30
    expect(rows(gcp('gcp.cloud-kms'))).toEqual([
      ['Cloud KMS software key version', 1, 0.06, 0.06],
      ['Cloud KMS operations', 10, 0.03, 0.3],
    ]);
    expect(reasons(gcp('gcp.cloud-kms', { protectionLevel: 'HSM' }))).toEqual([
      'HSM key versions and operations are not in the price book',
    ]);
    // 10 GiB = 10/1024 TiB = 0.009765625 × 40 = 0.390625 → 0.39, ingestion and delivery
    expect(rows(gcp('gcp.pubsub-queue'))).toEqual([
      ['Pub/Sub message ingestion', 0.009765625, 40, 0.39],
      ['Pub/Sub message delivery', 0.009765625, 40, 0.39],
    ]);
  });

  it('Cloud Run functions: invocations and memory at the 1st-gen rates; CPU unpriced', () => {
    const e = gcp('gcp.cloud-function', { memory: 256 });
    // 1M × 0.40 = 0.40; 1M × 0.2 s × 0.25 GB = 50,000 GB-s × 0.0000025 = 0.125 → 0.13
    expect(rows(e)).toEqual([
      ['Cloud Functions (1st gen) invocations', 1, 0.4, 0.4],
      ['Cloud Functions (1st gen) memory', 50_000, 0.0000025, 0.13],
    ]);
    expect(e.lines[0]?.note).toMatch(/1st-gen list rate/);
    expect(reasons(e)).toEqual([expect.stringMatching(/^CPU time/)]);
  });
});
