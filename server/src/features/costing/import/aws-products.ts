import { REFERENCE_REGION, type TPriceFamily, type TPriceUnit } from '@stratum/core/costing/book';
import { AWS_REGION_BY_LOCATION } from './aws-regions';

/** A product's attributes by normalised name: lower case, letters and digits only (JSON and CSV agree). */
export type TAttrs = ReadonlyMap<string, string>;

export const normaliseAttr = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Where one AWS product goes in the book, and how its price dimension becomes the book's unit. */
export interface TAwsTarget {
  family: TPriceFamily;
  sku: string;
  region: string;
  unit: TPriceUnit;
  /** The price list's units (lower case) this row may be priced in… */
  sourceUnits: readonly string[];
  /** …and what the book's unit is worth in them (1M requests = 1e6 requests). */
  factor: number;
  /** A usage (in the source unit) inside the tier the book's SKU names, to pick that tier. */
  probe: number;
  /** Several products give one row (inter-region transfer to each destination): keep the dearest. */
  keepMax?: boolean;
  attrs: Record<string, string | number> | null;
  note: string | null;
}

const HOURS = ['hrs', 'hours', 'hour', 'hr'];
const GB_MONTH = ['gb-mo', 'gb-month', 'gb-mo.'];
const REQUESTS = ['requests', 'request'];
/** 1 LCU-month = 730 LCU-hours: the seed prices capacity units per month. */
const LCU_HOURS = ['lcu-hrs', 'nlcu-hrs', 'lcu-hours', 'nlcu-hours'];

/** `EU-NatGateway-Hours` → `NatGateway-Hours`: the usage type without its region prefix. */
export function usageSuffix(usagetype: string): string {
  return usagetype.replace(/^[A-Z]{2,4}[0-9]?-(?=[A-Za-z])/, '');
}

function regionOf(a: TAttrs, prefix = ''): string | undefined {
  const code = a.get(`${prefix}regioncode`);
  if (code) return code;
  const location = a.get(prefix ? `${prefix}location` : 'location');
  if (location === 'Global' || location === 'Any') return REFERENCE_REGION.aws;
  return location ? AWS_REGION_BY_LOCATION[location] : undefined;
}

const numberIn = (text: string | undefined): number | undefined => {
  const n = Number.parseFloat((text ?? '').replace(/,/g, ''));
  return Number.isFinite(n) ? n : undefined;
};

function target(
  family: TPriceFamily,
  sku: string,
  region: string,
  unit: TPriceUnit,
  sourceUnits: readonly string[],
  extra: Partial<Pick<TAwsTarget, 'factor' | 'probe' | 'keepMax' | 'attrs' | 'note'>> = {},
): TAwsTarget {
  return {
    family,
    sku,
    region,
    unit,
    sourceUnits,
    factor: extra.factor ?? 1,
    probe: extra.probe ?? 1,
    keepMax: extra.keepMax ?? false,
    attrs: extra.attrs ?? null,
    note: extra.note ?? null,
  };
}

/** EC2 instances: Linux, shared tenancy, no pre-installed software, used capacity, on demand. */
function ec2Instance(a: TAttrs, region: string): TAwsTarget | string {
  const type = a.get('instancetype');
  if (!type) return 'EC2 instance without an instance type';
  if (a.get('operatingsystem') !== 'Linux') return 'EC2: not Linux';
  if (a.get('tenancy') !== 'Shared') return 'EC2: not shared tenancy';
  const software = a.get('preinstalledsw');
  if (software !== undefined && software !== 'NA') return 'EC2: pre-installed software';
  const capacity = a.get('capacitystatus');
  if (capacity !== undefined && capacity !== 'Used') return 'EC2: capacity reservation row';
  const licence = a.get('licensemodel');
  if (licence !== undefined && !/^no license required$/i.test(licence))
    return 'EC2: licence included';
  const market = a.get('marketoption');
  if (market !== undefined && market !== 'OnDemand') return 'EC2: not on demand';
  const operation = a.get('operation');
  if (operation !== undefined && operation !== 'RunInstances') return 'EC2: not plain Linux';
  const vcpu = numberIn(a.get('vcpu'));
  const memory = numberIn(a.get('memory'));
  return target('compute.vm', type, region, 'hour', HOURS, {
    attrs: {
      family: type.split('.')[0] ?? type,
      ...(vcpu !== undefined && { vcpu }),
      ...(memory !== undefined && { memory_gib: memory }),
      os: 'Linux',
      tenancy: 'shared',
      term: 'on-demand',
    },
  });
}

const EBS_VOLUMES = new Set(['gp3', 'gp2', 'io2', 'st1', 'sc1']);

function rdsInstance(a: TAttrs, region: string): TAwsTarget | string {
  const type = a.get('instancetype');
  const engine = a.get('databaseengine');
  const family: TPriceFamily | undefined =
    engine === 'PostgreSQL'
      ? 'database.postgresql'
      : engine === 'MySQL'
        ? 'database.mysql'
        : undefined;
  if (!family) return `RDS: engine ${engine ?? 'unknown'} not in the book`;
  if (!type) return 'RDS instance without an instance type';
  const deployment = a.get('deploymentoption');
  const option =
    deployment === 'Single-AZ' ? 'single-az' : deployment === 'Multi-AZ' ? 'multi-az' : undefined;
  if (!option) return `RDS: deployment ${deployment ?? 'unknown'} not in the book`;
  const model = a.get('deploymentmodel');
  if (model !== undefined && model !== '' && model !== 'Regional')
    return 'RDS: not a regional deployment';
  return target(family, `${type} (${option})`, region, 'hour', HOURS, {
    attrs: {
      engine: engine ?? '',
      deployment: option,
      term: 'on-demand',
      storage: 'billed separately',
    },
  });
}

/**
 * Maps one product of an AWS offer file to the book, or says why it is skipped. The SKU
 * names are the seed's (`pricing-data/price-book.json`), so the estimator finds imported rows.
 */
export function mapAwsProduct(a: TAttrs): TAwsTarget | string {
  const family = a.get('productfamily') ?? '';
  const service = a.get('servicecode') ?? '';
  const usage = usageSuffix(a.get('usagetype') ?? '');
  const locationType = a.get('locationtype');
  if (
    locationType !== undefined &&
    locationType !== 'AWS Region' &&
    a.get('location') !== 'Global'
  ) {
    return `not an AWS Region (${locationType})`;
  }

  if (family === 'Data Transfer') {
    const from = regionOf(a, 'from');
    if (!from) return 'data transfer from an unknown region';
    const transfer = a.get('transfertype');
    if (transfer === 'AWS Outbound' && (a.get('tolocation') ?? 'External') === 'External') {
      return target(
        'network.egress',
        'Data transfer out to internet (first 10 TB)',
        from,
        'GB',
        ['gb'],
        {
          probe: 1024,
          note: 'AWS gives 100 GB a month free across regions (not applied here)',
        },
      );
    }
    if (transfer === 'InterRegion Outbound') {
      return target('network.egress', 'Data transfer to other AWS regions', from, 'GB', ['gb'], {
        keepMax: true,
        note: 'the dearest rate to another AWS region (some nearby regions cost less)',
      });
    }
    return `data transfer ${transfer ?? ''} not in the book`.trim();
  }

  const region = regionOf(a);
  if (!region) return 'product without a region';

  if (family === 'Compute Instance' || family === 'Compute Instance (bare metal)') {
    return ec2Instance(a, region);
  }
  if (service === 'AmazonRDS' || family === 'Database Instance' || family === 'Database Storage') {
    if (family === 'Database Instance') return rdsInstance(a, region);
    if (family === 'Database Storage') {
      const engine = a.get('databaseengine') ?? 'Any';
      if (!['PostgreSQL', 'MySQL', 'Any'].includes(engine)) return `RDS storage for ${engine}`;
      if (a.get('volumetype') !== 'General Purpose') return 'RDS storage other than gp2';
      const deployment = a.get('deploymentoption');
      if (deployment === 'Single-AZ') {
        return target(
          'database.storage',
          'RDS gp2 storage (Single-AZ)',
          region,
          'GB-month',
          GB_MONTH,
        );
      }
      if (deployment === 'Multi-AZ') {
        return target('database.storage', 'RDS gp2 storage', region, 'GB-month', GB_MONTH, {
          note: 'Multi-AZ doubles storage: this row is the Multi-AZ rate',
        });
      }
      return `RDS storage deployment ${deployment ?? 'unknown'}`;
    }
    return `RDS ${family} not in the book`;
  }
  if (service === 'AmazonS3') {
    if (
      family === 'Storage' &&
      a.get('storageclass') === 'General Purpose' &&
      usage === 'TimedStorage-ByteHrs'
    ) {
      return target(
        'storage.object',
        'S3 Standard storage (first 50 TB)',
        region,
        'GB-month',
        GB_MONTH,
      );
    }
    if (family === 'API Request' && a.get('group') === 'S3-API-Tier1') {
      return target(
        'storage.object',
        'S3 Standard PUT/COPY/POST/LIST',
        region,
        '1K requests',
        REQUESTS,
        {
          factor: 1000,
        },
      );
    }
    return `S3 ${family} not in the book`;
  }
  if (family === 'Storage' && a.get('volumeapiname')) {
    const volume = a.get('volumeapiname') as string;
    if (!EBS_VOLUMES.has(volume)) return `EBS ${volume} not in the book`;
    return target('storage.block', `EBS ${volume}`, region, 'GB-month', GB_MONTH);
  }
  if (family === 'System Operation' && a.get('volumeapiname') === 'gp3' && /IOPS/i.test(usage)) {
    return target(
      'storage.block',
      'EBS gp3 provisioned IOPS (over 3000)',
      region,
      'IOPS-month',
      ['iops-mo', 'iops-month'],
      { probe: 3001 },
    );
  }
  if (family === 'NAT Gateway') {
    if (usage === 'NatGateway-Hours')
      return target('network.nat-gateway', 'NAT gateway', region, 'hour', HOURS);
    if (usage === 'NatGateway-Bytes') {
      return target('network.nat-gateway', 'NAT gateway data processed', region, 'GB', ['gb']);
    }
    return `NAT gateway ${usage}`;
  }
  if (family === 'Load Balancer-Application' || family === 'Load Balancer-Network') {
    const isAlb = family === 'Load Balancer-Application';
    if (usage === 'LoadBalancerUsage') {
      const sku = isAlb ? 'Application Load Balancer' : 'Network Load Balancer';
      return target('network.load-balancer', sku, region, 'hour', HOURS);
    }
    if (usage === 'LCUUsage') {
      const sku = isAlb ? 'ALB capacity unit (LCU)' : 'NLB capacity unit (NLCU)';
      return target('network.load-balancer', sku, region, 'LCU-month', LCU_HOURS, {
        factor: 730,
        note: `= the ${isAlb ? 'LCU' : 'NLCU'}-hour price × 730`,
      });
    }
    return `load balancer ${usage}`;
  }
  if (service === 'AmazonEKS') {
    if (usage === 'AmazonEKS-Hours:perCluster') {
      return target(
        'kubernetes.control-plane',
        'EKS cluster (standard support)',
        region,
        'cluster-hour',
        HOURS,
      );
    }
    if (usage === 'AmazonEKS-Hours:extendedSupport') {
      return target(
        'kubernetes.control-plane',
        'EKS cluster (extended support)',
        region,
        'cluster-hour',
        HOURS,
      );
    }
    return `EKS ${usage}`;
  }
  if (service === 'AWSLambda') {
    const group = a.get('group');
    if (group === 'AWS-Lambda-Requests') {
      return target('serverless.function', 'Lambda requests', region, '1M requests', REQUESTS, {
        factor: 1e6,
      });
    }
    const seconds = ['lambda-gb-second', 'gb-second', 'gb-seconds', 'second', 'seconds'];
    if (group === 'AWS-Lambda-Duration') {
      return target(
        'serverless.function',
        'Lambda duration x86 (first 6B GB-s)',
        region,
        'GB-second',
        seconds,
      );
    }
    if (group === 'AWS-Lambda-Duration-ARM') {
      return target(
        'serverless.function',
        'Lambda duration arm64 (first 7.5B GB-s)',
        region,
        'GB-second',
        seconds,
      );
    }
    return `Lambda ${group ?? usage}`;
  }
  if (service === 'AWSQueueService' && family === 'API Request') {
    const queue = a.get('queuetype') ?? '';
    const sku =
      queue === 'Standard'
        ? 'SQS standard requests'
        : queue.startsWith('FIFO')
          ? 'SQS FIFO requests'
          : undefined;
    if (!sku) return `SQS ${queue} queue`;
    return target('messaging.queue', sku, region, '1M requests', REQUESTS, {
      factor: 1e6,
      probe: 2e6,
      ...(queue === 'Standard' && { note: 'first 1M requests a month are free' }),
    });
  }
  if (service === 'AmazonRoute53' && family === 'DNS Zone') {
    return target('dns.zone', 'Route 53 hosted zone (first 25)', region, 'zone-month', [
      'hostedzone',
      'hosted zone',
      'zone',
      'quantity',
    ]);
  }
  if (service === 'awskms') {
    if (family === 'Encryption Key') {
      return target('security.kms', 'KMS customer managed key', region, 'key-month', [
        'keys',
        'key',
        'quantity',
        'key-mo',
      ]);
    }
    if (usage === 'KMS-Requests') {
      return target('security.kms', 'KMS requests (symmetric)', region, '10K requests', REQUESTS, {
        factor: 1e4,
        probe: 1e6,
      });
    }
    return `KMS ${usage}`;
  }
  return `${service || 'AWS'} ${family || 'product'} not in the book`;
}

/** One price dimension of a term, whatever the form (JSON or CSV) it came from. */
export interface TAwsDimension {
  unit: string;
  usd: number | undefined;
  begin: number;
  end: number;
  locator: string;
}

export const rangeValue = (value: unknown, fallback: number): number => {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'string' && /^inf/i.test(value.trim())) return Infinity;
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
};

/** The dimension of the tier the book's SKU names (the one holding the target's probe). */
export function pickDimension(
  t: TAwsTarget,
  dims: readonly TAwsDimension[],
): TAwsDimension | string {
  const priced = dims.filter((d) => d.usd !== undefined);
  if (priced.length === 0) return 'no USD price';
  const inUnit = priced.filter((d) => t.sourceUnits.includes(d.unit.toLowerCase()));
  if (inUnit.length === 0) return `unit ${priced[0]?.unit ?? '?'} not expected for ${t.sku}`;
  const hit = inUnit.find((d) => d.begin <= t.probe && t.probe < d.end);
  return hit ?? inUnit.find((d) => d.begin === 0) ?? (inUnit[0] as TAwsDimension);
}
