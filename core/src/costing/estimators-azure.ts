import type { TEstimator } from './estimator';

const num = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);
const str = (v: unknown) => String(v);

/** Managed disks are billed per size tier; these are the tiers' capacities (GiB). */
const DISK_TIERS: readonly (readonly [tier: number, gib: number])[] = [
  [1, 4],
  [2, 8],
  [3, 16],
  [4, 32],
  [6, 64],
  [10, 128],
  [15, 256],
  [20, 512],
  [30, 1024],
  [40, 2048],
  [50, 4096],
  [60, 8192],
  [70, 16384],
  [80, 32767],
];
const DISK_PREFIX: Record<string, string> = {
  Premium_LRS: 'P',
  StandardSSD_LRS: 'E',
  Standard_LRS: 'S',
};

/** The billed tier of a managed disk (`P6` for a 64 GB Premium SSD); S-tiers start at S4. */
export function diskTier(diskType: string, sizeGb: number): string | undefined {
  const prefix = DISK_PREFIX[diskType];
  if (!prefix) return undefined;
  const tier = DISK_TIERS.find(([n, gib]) => gib >= sizeGb && (prefix !== 'S' || n >= 4));
  return tier ? `${prefix}${tier[0]}` : undefined;
}

/** Azure services with fixed monthly charges; the others are usage-based or not in the table. */
export const AZURE_ESTIMATORS: Record<string, TEstimator> = {
  'azure.linux-vm': (p, e) => {
    e.addHourly('Virtual machine', 'azure.vm', str(p.size));
    const size = num(p.diskSize, 64);
    const tier = diskTier(str(p.diskType), size);
    if (tier) e.add(`OS disk (${size} GB)`, 'azure.disk', tier, 1);
    else e.miss(`OS disk (${str(p.diskType)}, ${size} GB): tier unknown`);
  },
  'azure.postgresql-flexible': (p, e) => {
    e.addHourly('Server', 'azure.postgresql', str(p.sku));
    e.add('Storage (GB)', 'azure.postgresql-storage', 'storage', num(p.storageGb, 32));
  },
  'azure.aks': (p, e) => {
    // The Free tier has no control-plane charge (the price table's AKS row says so).
    if (p.tier === 'Standard')
      e.addHourly('Control plane (Standard tier)', 'azure.aks', 'Standard');
    const n = num(p.nodeMin, 1);
    e.addHourly(`Nodes (${n} minimum)`, 'azure.vm', str(p.nodeSize), n);
    e.miss("Node OS disks: the cloud's default size, not priced");
  },
  'azure.service-bus-queue': (p, e) => {
    if (p.sku === 'Standard') e.addHourly('Namespace base charge', 'azure.service-bus', 'Standard');
    else if (p.sku === 'Premium') e.miss('Premium messaging units: no list price in the table');
    // Basic is billed per operation only: usage, not a fixed charge.
  },
};
