import { REFERENCE_REGION, type TPriceFamily, type TPriceUnit } from '@stratum/core/costing/book';

/** The fields of a Retail Prices API item the mapping reads. */
export interface TAzureItem {
  serviceName: string;
  productName: string;
  skuName: string;
  meterName: string;
  armSkuName: string;
  armRegionName: string;
  location: string;
  unitOfMeasure: string;
  type: string;
}

export interface TAzureTarget {
  family: TPriceFamily;
  sku: string;
  region: string;
  unit: TPriceUnit;
  /** A usage (in the item's unit count) inside the tier the SKU names, to pick that tier. */
  probe: number;
  attrs: Record<string, string | number> | null;
  note: string | null;
}

const DISK_GIB: Record<string, number> = {
  '1': 4,
  '2': 8,
  '3': 16,
  '4': 32,
  '6': 64,
  '10': 128,
  '15': 256,
  '20': 512,
  '30': 1024,
  '40': 2048,
  '50': 4096,
  '60': 8192,
  '70': 16384,
  '80': 32768,
};
const DISK_TYPES: Record<string, string> = {
  S: 'Standard HDD',
  E: 'Standard SSD',
  P: 'Premium SSD',
};

const size = (gib: number) => (gib >= 1024 ? `${gib / 1024} TiB` : `${gib} GiB`);

function t(
  family: TPriceFamily,
  sku: string,
  region: string,
  unit: TPriceUnit,
  extra: { probe?: number; attrs?: Record<string, string | number>; note?: string } = {},
): TAzureTarget {
  return {
    family,
    sku,
    region,
    unit,
    probe: extra.probe ?? 0,
    attrs: extra.attrs ?? null,
    note: extra.note ?? null,
  };
}

/**
 * Maps one Retail Prices item (pay-as-you-go, `type: Consumption`) to the book's family and
 * SKU (the seed's names), or says why it is skipped.
 */
export function mapAzureItem(i: TAzureItem): TAzureTarget | string {
  if (i.type !== 'Consumption')
    return `${i.type || 'untyped'} price (only Consumption is list price)`;
  const region = i.armRegionName || REFERENCE_REGION.azure;
  const meter = i.meterName;
  const service = i.serviceName;

  if (service === 'Virtual Machines') {
    if (!i.armSkuName) return 'VM meter without armSkuName';
    if (/windows/i.test(i.productName)) return 'VM: Windows';
    if (/spot|low priority/i.test(`${meter} ${i.skuName}`)) return 'VM: spot or low priority';
    if (!/hour/i.test(i.unitOfMeasure)) return 'VM: not priced per hour';
    const series = /Virtual Machines (\S+) Series/i.exec(i.productName)?.[1];
    return t('compute.vm', i.armSkuName, region, 'hour', {
      attrs: { ...(series && { series }), os: 'Linux', term: 'pay-as-you-go' },
    });
  }
  if (service === 'Storage') {
    const disk = /^([SEP])(\d+) LRS Disk$/.exec(meter);
    if (disk && /Managed Disks/i.test(i.productName)) {
      const [, kind = '', tier = ''] = disk;
      const gib = DISK_GIB[tier];
      if (!gib) return `managed disk tier ${kind}${tier}`;
      return t(
        'storage.block',
        `Managed disk ${DISK_TYPES[kind] ?? kind} ${kind}${tier} (${size(gib)})`,
        region,
        'disk-month',
      );
    }
    if (/Managed Disks/i.test(i.productName))
      return 'managed disk meter other than an LRS disk tier';
    const blob = /^Hot (LRS|ZRS) (Data Stored|Write Operations)$/.exec(meter);
    if (blob && /^General Block Blob v2$/i.test(i.productName)) {
      const [, redundancy = '', what] = blob;
      return what === 'Data Stored'
        ? t('storage.object', `Blob Storage Hot ${redundancy} (first 50 TB)`, region, 'GB-month')
        : redundancy === 'LRS'
          ? t('storage.object', 'Blob Storage Hot LRS write operations', region, '10K operations')
          : 'Blob ZRS write operations not in the book';
    }
    if (
      /^Queues v2$/i.test(i.productName) &&
      /LRS/.test(i.skuName) &&
      /^Class 1 Operations$/i.test(meter.replace(/^(Standard )?(LRS )?/, ''))
    ) {
      return t(
        'messaging.queue',
        'Storage Queue (GPv2 LRS) class 1 operations',
        region,
        '10K operations',
      );
    }
    return 'storage meter not in the book';
  }
  if (service === 'Bandwidth') {
    if (/Internet/i.test(`${i.productName} ${i.skuName}`) && /Data Transfer Out/i.test(meter)) {
      return t(
        'network.egress',
        'Internet egress, routing preference Internet (100 GB – 10 TB)',
        region,
        'GB',
        {
          probe: 1024,
          note: 'ISP-network routing option',
        },
      );
    }
    return 'bandwidth meter not in the book';
  }
  if (service === 'Azure Kubernetes Service') {
    if (
      /Standard/i.test(i.skuName) &&
      /(Uptime SLA|Hosted Control Plane|Cluster Management)/i.test(meter)
    ) {
      return t(
        'kubernetes.control-plane',
        'AKS Standard tier (uptime SLA)',
        region,
        'cluster-hour',
      );
    }
    return 'AKS meter not in the book';
  }
  if (service === 'Azure Database for PostgreSQL' || service === 'Azure Database for MySQL') {
    const engine = service.endsWith('PostgreSQL') ? 'PostgreSQL' : 'MySQL';
    if (
      /Flexible Server/i.test(i.productName) &&
      /Storage/i.test(i.productName) &&
      /Data Stored/i.test(meter)
    ) {
      return t('database.storage', `${engine} Flexible storage`, region, 'GB-month');
    }
    return `${engine} meter not in the book (flexible-server compute is per vCore: not mapped)`;
  }
  if (service === 'Load Balancer') {
    if (/Overage LB Rules/i.test(meter))
      return t('network.load-balancer', 'Standard Load Balancer rule', region, 'rule-hour');
    if (/^Standard Data Processed$/i.test(meter)) {
      return t('network.load-balancer', 'Standard Load Balancer data processed', region, 'GB');
    }
    return 'load balancer meter not in the book';
  }
  if (/NAT Gateway/i.test(i.productName)) {
    if (/Gateway$/i.test(meter)) return t('network.nat-gateway', 'NAT gateway', region, 'hour');
    if (/Data Processed/i.test(meter))
      return t('network.nat-gateway', 'NAT gateway data processed', region, 'GB');
    return 'NAT gateway meter not in the book';
  }
  if (
    /IP Addresses/i.test(i.productName) &&
    /Standard/i.test(i.skuName) &&
    /IPv4 Static Public IP/i.test(meter)
  ) {
    return t('network.public-ip', 'Public IP (static, Standard)', region, 'hour');
  }
  if (service === 'Functions') {
    if (/Total Executions/i.test(meter)) {
      return t('serverless.function', 'Functions Consumption executions', region, '1M requests', {
        probe: 1e9,
        note: 'first 1M executions a month free (not applied)',
      });
    }
    if (/Execution Time/i.test(meter)) {
      return t('serverless.function', 'Functions Consumption execution time', region, 'GB-second', {
        probe: 1e9,
        note: 'first 400,000 GB-s a month free (not applied)',
      });
    }
    return 'Functions meter not in the book';
  }
  if (service === 'Service Bus') {
    if (/^Standard Base Unit$/i.test(meter))
      return t('messaging.queue', 'Service Bus Standard base charge', region, 'hour');
    if (/^Standard Messaging Operations$/i.test(meter)) {
      return t(
        'messaging.queue',
        'Service Bus Standard operations (13M–100M)',
        region,
        '1M operations',
        {
          probe: 50,
          note: 'first 13M operations a month are included in the base charge',
        },
      );
    }
    if (/^Basic Messaging Operations$/i.test(meter))
      return t('messaging.queue', 'Service Bus Basic operations', region, '1M operations');
    return 'Service Bus meter not in the book';
  }
  if (service === 'Azure DNS' || service === 'DNS') {
    if (/Public Zone/i.test(meter))
      return t('dns.zone', 'DNS zone (first 25)', region, 'zone-month');
    return 'DNS meter not in the book';
  }
  if (service === 'Key Vault') {
    if (/^Operations$/i.test(meter) && /^Standard$/i.test(i.skuName)) {
      return t('security.kms', 'Key Vault secrets operations', region, '10K operations');
    }
    if (/HSM.*RSA 2048/i.test(meter) && /^Premium$/i.test(i.skuName)) {
      return t(
        'security.kms',
        'Key Vault HSM-protected key (RSA 2048, Premium)',
        region,
        'key-month',
      );
    }
    return 'Key Vault meter not in the book';
  }
  return `${service || 'Azure'} not in the book`;
}
