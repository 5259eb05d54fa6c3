import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PriceBook, type TPriceBookData } from './book';
import { priceOne, reasons, rows } from './testing';

// The committed seed book: every expected number below is a row of it, times the quantity.
const book = new PriceBook(
  JSON.parse(
    readFileSync(new URL('../../../pricing-data/price-book.json', import.meta.url), 'utf8'),
  ) as TPriceBookData,
);
const aws = (service: string, props = {}, usage?: Record<string, number>) =>
  priceOne(book, 'aws', 'us-east-1', service, props, usage);

describe('AWS estimators (us-east-1 rows of the seed book)', () => {
  it('EC2: the instance type for 730 hours and the gp3 root volume', () => {
    const e = aws('aws.ec2', { instanceType: 't3.micro', diskSize: 20 });
    // t3.micro 0.0104 × 730 = 7.592 → 7.59; gp3 0.08 × 20 GB = 1.60
    expect(rows(e)).toEqual([
      ['t3.micro', 730, 0.0104, 7.59],
      ['EBS gp3', 20, 0.08, 1.6],
    ]);
    expect(e.monthlyTotal).toBe(9.19);
    expect(e.lines[0]).toMatchObject({
      componentId: 'x',
      service: 'aws.ec2',
      region: 'us-east-1',
      unit: 'hour',
      asOf: '2026-07-20',
      usageBased: false,
      note: null,
    });
    expect(e.lines[0]?.source).toBe(
      'karpenter-aws: pkg/providers/pricing/zz_generated.pricing_aws.go InitialOnDemandPricesAWS["us-east-1"]["t3.micro"]',
    );
    expect(e.unpriced).toEqual([]);
  });

  it('EC2 with a public IP: egress at the default 100 GB, the IPv4 charge said unpriced', () => {
    const e = aws('aws.ec2', { instanceType: 'm7i.large', diskSize: 50, publicIp: true });
    // m7i.large 0.1008 × 730 = 73.584 → 73.58; 0.08 × 50 = 4.00; egress 0.09 × 100 GB = 9.00
    expect(rows(e)).toEqual([
      ['m7i.large', 730, 0.1008, 73.58],
      ['EBS gp3', 50, 0.08, 4],
      ['Data transfer out to internet (first 10 TB)', 100, 0.09, 9],
    ]);
    expect(e.lines[2]?.usageBased).toBe(true);
    expect(e.assumptions).toEqual([
      {
        target: 'x',
        key: 'egressGb',
        label: 'Internet egress',
        unit: 'GB / month',
        value: 100,
        default: 100,
      },
    ]);
    expect(reasons(e)).toEqual([expect.stringMatching(/^Public IPv4 address/)]);
  });

  it('Auto Scaling group: desired instances and their root volumes', () => {
    const e = aws('aws.autoscaling-group', { instanceType: 't3.small', desired: 2, diskSize: 20 });
    // t3.small 0.0208 × 730 × 2 = 30.368 → 30.37; gp3 0.08 × 2 × 20 GB = 3.20
    expect(rows(e)).toEqual([
      ['t3.small', 1460, 0.0208, 30.37],
      ['EBS gp3', 40, 0.08, 3.2],
    ]);
    expect(e.assumptions[0]).toMatchObject({ key: 'instances', value: 2, default: 2 });
  });

  it('EKS: the standard-support control plane and the desired nodes', () => {
    const e = aws('aws.eks', { nodeInstanceType: 't3.large', nodeDesired: 2 });
    // 0.10 × 730 = 73.00; t3.large 0.0832 × 730 × 2 = 121.472 → 121.47
    expect(rows(e)).toEqual([
      ['EKS cluster (standard support)', 730, 0.1, 73],
      ['t3.large', 1460, 0.0832, 121.47],
    ]);
    expect(e.monthlyTotal).toBe(194.47);
    expect(reasons(e)).toEqual([expect.stringMatching(/^Node root volumes/)]);
  });

  it('RDS for PostgreSQL: the class Single-AZ or Multi-AZ and its storage', () => {
    const single = aws('aws.rds-postgresql', { instanceClass: 'db.t4g.small', storage: 20 });
    // 0.032 × 730 = 23.36; 0.115 × 20 GB = 2.30
    expect(rows(single)).toEqual([
      ['db.t4g.small (single-az)', 730, 0.032, 23.36],
      ['RDS gp2 storage (Single-AZ)', 20, 0.115, 2.3],
    ]);
    const multi = aws('aws.rds-postgresql', {
      instanceClass: 'db.r7g.large',
      storage: 100,
      multiAz: true,
    });
    // 0.478 × 730 = 348.94; 0.23 × 100 GB = 23.00
    expect(rows(multi)).toEqual([
      ['db.r7g.large (multi-az)', 730, 0.478, 348.94],
      ['RDS gp2 storage', 100, 0.23, 23],
    ]);
    expect(multi.monthlyTotal).toBe(371.94);
  });

  it('RDS for MySQL', () => {
    const e = aws('aws.rds-mysql', { instanceClass: 'db.t4g.small', storage: 50 });
    // 0.032 × 730 = 23.36; 0.115 × 50 GB = 5.75
    expect(rows(e)).toEqual([
      ['db.t4g.small (single-az)', 730, 0.032, 23.36],
      ['RDS gp2 storage (Single-AZ)', 50, 0.115, 5.75],
    ]);
    expect(e.lines[0]?.source).toMatch(/^coroot: .*\["mysql"\]\["db\.t4g\.small"\]/);
  });

  it('EBS: GB-month of its type; io2 IOPS said unpriced', () => {
    // gp3 0.08 × 100 = 8.00; st1 0.045 × 500 = 22.50
    expect(rows(aws('aws.ebs', { type: 'gp3', size: 100 }))).toEqual([['EBS gp3', 100, 0.08, 8]]);
    expect(rows(aws('aws.ebs', { type: 'st1', size: 500 }))).toEqual([
      ['EBS st1', 500, 0.045, 22.5],
    ]);
    const io2 = aws('aws.ebs', { type: 'io2', size: 100 });
    // 0.125 × 100 = 12.50
    expect(rows(io2)).toEqual([['EBS io2', 100, 0.125, 12.5]]);
    expect(reasons(io2)).toEqual(['Provisioned IOPS of the io2 volume are not in the price book']);
  });

  it('ALB and NLB: the hour, capacity units and egress (public)', () => {
    const alb = aws('aws.alb');
    // 0.0225 × 730 = 16.425 → 16.43; 1 LCU × 5.84 = 5.84; 0.09 × 100 GB = 9.00
    expect(rows(alb)).toEqual([
      ['Application Load Balancer', 730, 0.0225, 16.43],
      ['ALB capacity unit (LCU)', 1, 5.84, 5.84],
      ['Data transfer out to internet (first 10 TB)', 100, 0.09, 9],
    ]);
    expect(alb.monthlyTotal).toBe(31.27);
    const nlb = aws('aws.nlb', { public: false }, { lcu: 3 });
    // 16.43; 3 NLCU × 4.38 = 13.14; internal: no egress
    expect(rows(nlb)).toEqual([
      ['Network Load Balancer', 730, 0.0225, 16.43],
      ['NLB capacity unit (NLCU)', 3, 4.38, 13.14],
    ]);
    expect(nlb.unpriced).toEqual([]);
  });

  it('NAT gateway: the hour, data processed and egress', () => {
    const e = aws('aws.nat-gateway', {}, { dataProcessedGb: 500, egressGb: 200 });
    // 0.045 × 730 = 32.85; 0.045 × 500 GB = 22.50; 0.09 × 200 GB = 18.00
    expect(rows(e)).toEqual([
      ['NAT gateway', 730, 0.045, 32.85],
      ['NAT gateway data processed', 500, 0.045, 22.5],
      ['Data transfer out to internet (first 10 TB)', 200, 0.09, 18],
    ]);
    expect(e.monthlyTotal).toBe(73.35);
  });

  it('Route 53 zone, SQS and KMS', () => {
    // 1 zone × 0.50
    expect(rows(aws('aws.route53-zone'))).toEqual([
      ['Route 53 hosted zone (first 25)', 1, 0.5, 0.5],
    ]);
    // 1,000,000 requests = 1 × 0.40; FIFO: 3,000,000 = 3 × 0.50 = 1.50
    expect(rows(aws('aws.sqs'))).toEqual([['SQS standard requests', 1, 0.4, 0.4]]);
    expect(rows(aws('aws.sqs', { fifo: true }, { requests: 3e6 }))).toEqual([
      ['SQS FIFO requests', 3, 0.5, 1.5],
    ]);
    // 1 key × 1.00; 100,000 requests = 10 × 0.03 = 0.30
    expect(rows(aws('aws.kms'))).toEqual([
      ['KMS customer managed key', 1, 1, 1],
      ['KMS requests (symmetric)', 10, 0.03, 0.3],
    ]);
  });

  it('Lambda: requests and GB-seconds by architecture and memory', () => {
    const arm = aws('aws.lambda', { memory: 256, architecture: 'arm64' });
    // 1M requests × 0.20 = 0.20; 1M × 0.2 s × 0.25 GB = 50,000 GB-s × 0.0000133334 = 0.66667 → 0.67
    expect(rows(arm)).toEqual([
      ['Lambda requests', 1, 0.2, 0.2],
      ['Lambda duration arm64 (first 7.5B GB-s)', 50_000, 0.0000133334, 0.67],
    ]);
    const x86 = aws(
      'aws.lambda',
      { memory: 1024, architecture: 'x86_64' },
      { requests: 5e6, durationMs: 120 },
    );
    // 5 × 0.20 = 1.00; 5M × 0.12 s × 1 GB = 600,000 GB-s × 0.0000166667 = 10.00002 → 10.00
    expect(rows(x86)).toEqual([
      ['Lambda requests', 5, 0.2, 1],
      ['Lambda duration x86 (first 6B GB-s)', 600_000, 0.0000166667, 10],
    ]);
  });

  it('S3: GB stored and write requests; reads said unpriced', () => {
    const e = aws('aws.s3', {}, { storageGb: 2048, writeRequests: 1e6 });
    // 0.023 × 2,048 GB = 47.104 → 47.10; 1,000,000 writes = 1,000 × 0.005 = 5.00
    expect(rows(e)).toEqual([
      ['S3 Standard storage (first 50 TB)', 2048, 0.023, 47.1],
      ['S3 Standard PUT/COPY/POST/LIST', 1000, 0.005, 5],
    ]);
    expect(reasons(e)).toEqual([
      'Read requests (GET, SELECT) and data retrieval are not in the price book',
    ]);
  });

  it('volumes beyond the last tier of a row are unpriced, not priced at the tier rate', () => {
    const e = aws('aws.s3', {}, { storageGb: 60_000, writeRequests: 0 });
    // first 50 TB: 51,200 GB × 0.023 = 1,177.60; the remaining 8,800 GB have no row
    expect(rows(e)[0]).toEqual(['S3 Standard storage (first 50 TB)', 51_200, 0.023, 1177.6]);
    expect(reasons(e)).toContain(
      'Storage (Standard) above 51,200 GB-month: the price book has no list price for that volume',
    );
  });

  it('VPC endpoints: gateway endpoints free, interface endpoints unpriced', () => {
    const s3 = aws('aws.vpc-endpoint', { service: 's3' });
    expect(s3.lines).toEqual([]);
    expect(s3.free).toEqual([
      {
        componentId: 'x',
        service: 'aws.vpc-endpoint',
        reason: 'Gateway endpoints (S3, DynamoDB) have no charge',
      },
    ]);
    expect(reasons(aws('aws.vpc-endpoint', { service: 'sqs' }))).toEqual([
      'Interface endpoint hours and data processed are not in the price book',
    ]);
  });

  it('networks cost nothing; services without book rows say why', () => {
    expect(aws('aws.vpc').free?.[0]?.reason).toBe('VPCs have no charge');
    expect(aws('aws.vpc').monthlyTotal).toBe(0);
    const cache = aws('aws.elasticache');
    expect(cache.lines).toEqual([]);
    expect(reasons(cache)).toEqual(['ElastiCache node hours are not in the price book']);
  });
});
