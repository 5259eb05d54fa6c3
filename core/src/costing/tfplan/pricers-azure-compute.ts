import { HOURS_PER_MONTH } from '../book';
import type { PricingContext, TPricer } from './context';
import { asBoolean, asNumber, asString, firstBlock } from './values';

/** Azure VMs, scale sets, AKS and managed disks. */
const WINDOWS_NOTE = 'Linux pay-as-you-go rate: the Windows licence is not included';
const LINUX_NOTE = 'Linux pay-as-you-go rate';

/** Managed disks are billed per tier, the smallest tier at least as large as the disk. */
const TIER_SIZES = [4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32767];
const TIER_NUMBERS = [1, 2, 3, 4, 6, 10, 15, 20, 30, 40, 50, 60, 70, 80];
const DISK_KINDS: Readonly<Record<string, { name: string; letter: string; smallest: number }>> = {
  Standard_LRS: { name: 'Standard HDD', letter: 'S', smallest: 4 },
  StandardSSD_LRS: { name: 'Standard SSD', letter: 'E', smallest: 1 },
  Premium_LRS: { name: 'Premium SSD', letter: 'P', smallest: 1 },
};

/** `Premium_LRS`, 100 GB → `P10`; null when the size is beyond the largest tier. */
export function diskTier(accountType: string, sizeGb: number): string | null {
  const kind = DISK_KINDS[accountType];
  const i = TIER_SIZES.findIndex((size) => sizeGb <= size);
  if (!kind || i < 0) return null;
  return `${kind.letter}${Math.max(TIER_NUMBERS[i] ?? 0, kind.smallest)}`;
}

export function managedDisk(
  ctx: PricingContext,
  accountType: string,
  sizeGb: number,
  label: string,
  count = 1,
  note?: string,
): void {
  const kind = DISK_KINDS[accountType];
  const tier = diskTier(accountType, sizeGb);
  if (!kind || !tier) {
    ctx.cannot(`${accountType} managed disks of ${sizeGb} GB are not in the price book`);
    return;
  }
  const prefix = `Managed disk ${kind.name} ${tier} (`;
  const sku = ctx.skuStartingWith('storage.block', prefix) ?? `Managed disk ${kind.name} ${tier}`;
  const what = `${kind.name} ${tier}, ${sizeGb} GB`;
  ctx.price(
    'storage.block',
    sku,
    count,
    `${label} (${count === 1 ? what : `${count} × ${what}`})`,
    {
      ...(note && { note }),
    },
  );
}

/** The OS disk of a VM: its size when the plan says it, else the usage assumption. */
function osDisk(ctx: PricingContext, block: Record<string, unknown> | null, typeKey: string): void {
  const type = asString(block?.[typeKey]) ?? 'Standard_LRS';
  const size = asNumber(block?.disk_size_gb);
  if (size !== null && size > 0) {
    managedDisk(ctx, type, size, 'OS disk');
    return;
  }
  const assumed = ctx.usage('osDiskGb');
  managedDisk(ctx, type, assumed, 'OS disk', 1, 'size from the usage assumption');
}

function vmHours(ctx: PricingContext, size: string | null, isWindows: boolean, count = 1): void {
  if (!size) {
    ctx.cannot('the VM size is not known until apply');
    return;
  }
  const label = count === 1 ? `VM (${size})` : `VMs (${count} × ${size})`;
  ctx.price('compute.vm', size, HOURS_PER_MONTH * count, label, {
    note: isWindows ? WINDOWS_NOTE : LINUX_NOTE,
  });
}

const linuxVm: TPricer = (ctx) => {
  vmHours(ctx, ctx.str('size'), false);
  osDisk(ctx, ctx.blocks('os_disk')[0] ?? null, 'storage_account_type');
};

const windowsVm: TPricer = (ctx) => {
  vmHours(ctx, ctx.str('size'), true);
  osDisk(ctx, ctx.blocks('os_disk')[0] ?? null, 'storage_account_type');
};

/** The legacy `azurerm_virtual_machine`: Windows when it has a Windows OS profile. */
const legacyVm: TPricer = (ctx) => {
  const isWindows =
    ctx.blocks('os_profile_windows_config').length > 0 ||
    asString(ctx.blocks('storage_os_disk')[0]?.os_type) === 'Windows';
  vmHours(ctx, ctx.str('vm_size'), isWindows);
  osDisk(ctx, ctx.blocks('storage_os_disk')[0] ?? null, 'managed_disk_type');
  for (const disk of ctx.blocks('storage_data_disk')) {
    const size = asNumber(disk.disk_size_gb);
    const type = asString(disk.managed_disk_type) ?? 'Standard_LRS';
    if (size === null) ctx.cannot('a data disk size is not known until apply');
    else managedDisk(ctx, type, size, `Data disk ${asString(disk.name) ?? ''}`.trim());
  }
};

const scaleSet =
  (isWindows: boolean): TPricer =>
  (ctx) => {
    // `instances` is the set's size; autoscale settings (another resource) may change it.
    const count = ctx.usage('instances', ctx.num('instances') ?? 0);
    vmHours(ctx, ctx.str('sku'), isWindows, count);
    const disk = ctx.blocks('os_disk')[0] ?? null;
    const type = asString(disk?.storage_account_type) ?? 'Standard_LRS';
    const size = asNumber(disk?.disk_size_gb) ?? ctx.usage('osDiskGb');
    if (count > 0) managedDisk(ctx, type, size, 'OS disks', count);
  };

/** A node pool: its VMs (min_count when autoscaling, adjustable) and managed OS disks. */
function nodePool(ctx: PricingContext, pool: Record<string, unknown>, label: string): void {
  const vmSize = asString(pool.vm_size);
  const isAutoscaling =
    asBoolean(pool.enable_auto_scaling) === true || asBoolean(pool.auto_scaling_enabled) === true;
  const configured = asNumber(pool.node_count) ?? asNumber(pool.min_count) ?? 1;
  const nodes = isAutoscaling
    ? ctx.usage('nodes', configured, `${label}: nodes running (average)`)
    : configured;
  const isWindows = asString(pool.os_type) === 'Windows';
  if (!vmSize) ctx.cannot('the node VM size is not known until apply');
  else {
    ctx.price('compute.vm', vmSize, HOURS_PER_MONTH * nodes, `${label} (${nodes} × ${vmSize})`, {
      note: isWindows ? WINDOWS_NOTE : LINUX_NOTE,
    });
  }
  if ((asString(pool.os_disk_type) ?? 'Managed') === 'Managed' && nodes > 0) {
    const size = asNumber(pool.os_disk_size_gb) ?? 128;
    managedDisk(
      ctx,
      'Premium_LRS',
      size,
      `${label} OS disks`,
      nodes,
      'AKS managed OS disks priced as Premium SSD',
    );
  }
}

const aksCluster: TPricer = (ctx) => {
  const tier = (ctx.str('sku_tier') ?? 'Free').toLowerCase();
  if (tier === 'standard' || tier === 'paid') {
    ctx.price(
      'kubernetes.control-plane',
      'AKS Standard tier (uptime SLA)',
      HOURS_PER_MONTH,
      'Control plane (Standard tier)',
    );
  } else if (tier === 'premium') {
    ctx.cannot('the AKS Premium tier (long-term support) is not in the price book');
  }
  const pool = firstBlock(ctx.values.default_node_pool);
  if (pool) nodePool(ctx, pool, 'Default node pool');
};

const aksNodePool: TPricer = (ctx) => {
  nodePool(ctx, ctx.values, 'Node pool');
};

const managedDiskResource: TPricer = (ctx) => {
  const size = ctx.num('disk_size_gb');
  if (size === null) ctx.cannot('the disk size is not known until apply');
  else managedDisk(ctx, ctx.str('storage_account_type') ?? 'Standard_LRS', size, 'Disk');
};

export const AZURE_COMPUTE_PRICERS: Readonly<Record<string, TPricer>> = {
  azurerm_linux_virtual_machine: linuxVm,
  azurerm_windows_virtual_machine: windowsVm,
  azurerm_virtual_machine: legacyVm,
  azurerm_linux_virtual_machine_scale_set: scaleSet(false),
  azurerm_windows_virtual_machine_scale_set: scaleSet(true),
  azurerm_kubernetes_cluster: aksCluster,
  azurerm_kubernetes_cluster_node_pool: aksNodePool,
  azurerm_managed_disk: managedDiskResource,
};
