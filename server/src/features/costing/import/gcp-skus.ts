import { HOURS_PER_MONTH, type TPriceFamily, type TPriceUnit } from '@stratum/core/costing/book';

/** The fields of a Cloud Billing Catalog SKU the mapping reads. */
export interface TGcpSku {
  skuId: string;
  description: string;
  serviceDisplayName: string;
  resourceFamily: string;
  resourceGroup: string;
  usageType: string;
  usageUnit: string;
}

export interface TGcpTarget {
  family: TPriceFamily;
  sku: string;
  unit: TPriceUnit;
  /** The book's unit in the SKU's `usageUnit` (GB-month from GiBy.h is 730; 1M requests 1e6). */
  factor: number;
  probe: number;
  note: string | null;
}

/** A per-vCPU or per-GiB RAM SKU of a machine family: machine types are priced from both. */
export interface TGcpMachinePart {
  machineFamily: string;
  part: 'core' | 'ram';
}

/** Catalog description prefixes of machine families → the machine-type prefix of the book's SKUs. */
const MACHINE_FAMILIES: readonly [RegExp, string][] = [
  [/^E2 Instance/, 'e2'],
  [/^N2D AMD Instance/, 'n2d'],
  [/^N2 Instance/, 'n2'],
  [/^N4 Instance/, 'n4'],
  [/^C2D AMD Instance/, 'c2d'],
  [/^C3D Instance/, 'c3d'],
  [/^C3 Instance/, 'c3'],
  [/^C4 Instance/, 'c4'],
  [/^T2D AMD Instance/, 't2d'],
  [/^T2A Instance/, 't2a'],
  [/^Compute optimized/, 'c2'],
  [/^M1 Memory-optimized/, 'm1'],
  [/^N1 Predefined Instance/, 'n1'],
];

/** Which machine family a Compute Engine core or RAM SKU prices; a string says why not. */
export function machinePart(s: TGcpSku): TGcpMachinePart | string | undefined {
  if (s.resourceFamily !== 'Compute') return undefined;
  const m = /^(.*?) (Core|Ram) running in /i.exec(s.description);
  if (!m) return undefined;
  if (s.usageType !== 'OnDemand') return `Compute ${s.usageType || 'non on-demand'} rate`;
  if (/spot|preemptible|commit|sole tenancy|custom|extended|premium/i.test(s.description)) {
    return 'Compute: spot, committed, sole-tenant or custom rate';
  }
  const family = MACHINE_FAMILIES.find(([re]) => re.test(m[1] as string))?.[1];
  if (!family) return `Compute: machine family "${m[1] as string}" has no mapping`;
  return {
    machineFamily: family,
    part: (m[2] as string).toLowerCase() === 'core' ? 'core' : 'ram',
  };
}

const GB_MONTH = ['GiBy.mo'];

function t(
  family: TPriceFamily,
  sku: string,
  unit: TPriceUnit,
  factor = 1,
  probe = 0,
  note: string | null = null,
) {
  return { family, sku, unit, factor, probe, note };
}

/**
 * Maps one SKU (other than machine cores and RAM) to the book's family and SKU (the seed's
 * names), or says why it is skipped. Internet egress (priced per source and destination
 * continent) and Pub/Sub are not mapped: their seed rows stay.
 */
export function mapGcpSku(s: TGcpSku): TGcpTarget | string {
  const d = s.description;
  const unitIs = (...units: string[]) => units.includes(s.usageUnit);
  if (s.usageType && s.usageType !== 'OnDemand') return `${s.usageType} rate`;
  if (s.serviceDisplayName === 'Compute Engine') {
    if (d === 'Storage PD Capacity' && unitIs(...GB_MONTH))
      return t('storage.block', 'Persistent Disk pd-standard', 'GB-month');
    if (d === 'Balanced PD Capacity' && unitIs(...GB_MONTH))
      return t('storage.block', 'Persistent Disk pd-balanced', 'GB-month');
    if (d === 'SSD backed PD Capacity' && unitIs(...GB_MONTH))
      return t('storage.block', 'Persistent Disk pd-ssd', 'GB-month');
    if (/^External IP Charge on a Standard VM/i.test(d) && unitIs('h')) {
      return t('network.public-ip', 'External IP on a running VM', 'hour');
    }
    if (/^Cloud NAT Gateway uptime/i.test(d) && unitIs('h')) {
      return t(
        'network.nat-gateway',
        'Cloud NAT gateway (32 or more VMs; $0.0014 per VM-hour below)',
        'hour',
        32,
        0,
        'the per-VM-hour rate × 32, the hourly cap',
      );
    }
    if (/^Cloud NAT Data processing/i.test(d) && unitIs('GiBy'))
      return t('network.nat-gateway', 'Cloud NAT data processed', 'GB');
    if (/^Network Internet Egress/i.test(d))
      return 'internet egress (per source and destination continent) not mapped';
    return 'Compute Engine SKU not in the book';
  }
  if (s.serviceDisplayName === 'Cloud Storage') {
    if (!unitIs(...GB_MONTH)) return 'Cloud Storage SKU not in the book';
    if (/multi-region|dual-region/i.test(d)) return 'Cloud Storage multi- or dual-region';
    const cls =
      s.resourceGroup === 'RegionalStorage'
        ? 'standard'
        : s.resourceGroup === 'NearlineStorage'
          ? 'nearline'
          : s.resourceGroup === 'ColdlineStorage'
            ? 'coldline'
            : undefined;
    return cls
      ? t('storage.object', `Cloud Storage ${cls} (regional)`, 'GB-month')
      : 'Cloud Storage class not in the book';
  }
  if (s.serviceDisplayName === 'Kubernetes Engine') {
    if (/^(Regional|Zonal) Kubernetes Clusters$/i.test(d) && unitIs('h')) {
      return t(
        'kubernetes.control-plane',
        'GKE cluster management fee',
        'cluster-hour',
        1,
        0,
        'the monthly free-tier credit ($74.40 per billing account) is not applied',
      );
    }
    return 'Kubernetes Engine SKU not in the book';
  }
  if (s.serviceDisplayName === 'Cloud SQL') {
    const m =
      /^Cloud SQL for (PostgreSQL|MySQL): (Zonal|Regional) - (vCPU|RAM|Standard storage|SSD storage)/i.exec(
        d,
      );
    if (!m || /Enterprise Plus/i.test(d)) return 'Cloud SQL SKU not in the book';
    const family: TPriceFamily = m[1] === 'PostgreSQL' ? 'database.postgresql' : 'database.mysql';
    const ha = m[2]?.toLowerCase() === 'zonal' ? 'zonal' : 'regional HA';
    if (m[3] === 'vCPU' && unitIs('h'))
      return t(family, `Cloud SQL vCPU (Enterprise, ${ha})`, 'vCPU-hour');
    if (m[3] === 'RAM' && unitIs('GiBy.h'))
      return t(family, `Cloud SQL memory (Enterprise, ${ha})`, 'GB-month', HOURS_PER_MONTH);
    if (/storage/i.test(m[3] ?? '') && /SSD/i.test(m[3] ?? '') && unitIs(...GB_MONTH)) {
      return t('database.storage', `Cloud SQL SSD storage (${ha})`, 'GB-month');
    }
    return 'Cloud SQL SKU not in the book';
  }
  if (s.serviceDisplayName === 'Cloud DNS') {
    if (/^ManagedZone$|^Managed Zone/i.test(d))
      return t('dns.zone', 'Cloud DNS managed zone (first 25)', 'zone-month');
    return 'Cloud DNS SKU not in the book';
  }
  if (s.serviceDisplayName === 'Cloud Key Management Service (KMS)') {
    if (/^Active software symmetric key versions/i.test(d))
      return t('security.kms', 'Cloud KMS software key version', 'key-version-month');
    if (/^Cryptographic operations with a symmetric software key/i.test(d)) {
      return t('security.kms', 'Cloud KMS operations', '10K operations', 1e4);
    }
    return 'KMS SKU not in the book';
  }
  if (s.serviceDisplayName === 'Cloud Functions') {
    if (/^Invocations/i.test(d)) {
      return t(
        'serverless.function',
        'Cloud Functions (1st gen) invocations',
        '1M requests',
        1e6,
        3e6,
        'first 2M a month free (not applied)',
      );
    }
    if (/^Memory Time/i.test(d))
      return t('serverless.function', 'Cloud Functions (1st gen) memory', 'GB-second');
    if (/^CPU Time/i.test(d))
      return t('serverless.function', 'Cloud Functions (1st gen) CPU', 'GHz-second');
    return 'Cloud Functions SKU not in the book';
  }
  return `${s.serviceDisplayName || 'GCP'} not in the book`;
}
