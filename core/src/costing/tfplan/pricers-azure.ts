import { HOURS_PER_MONTH } from '../book';
import type { PricingContext, TPricer } from './context';
import { USAGE } from './usage-defaults';
import { asBoolean, asNumber, asString, firstBlock } from './values';

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

function managedDisk(
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
  const assumed = ctx.usage(
    'osDiskGb',
    'OS disk size (set by the image)',
    'GB',
    USAGE.azureOsDiskGb,
  );
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
    const count = ctx.num('instances') ?? 0;
    vmHours(ctx, ctx.str('sku'), isWindows, count);
    const disk = ctx.blocks('os_disk')[0] ?? null;
    const type = asString(disk?.storage_account_type) ?? 'Standard_LRS';
    const size =
      asNumber(disk?.disk_size_gb) ??
      ctx.usage('osDiskGb', 'OS disk size (set by the image)', 'GB', USAGE.azureOsDiskGb);
    if (count > 0) managedDisk(ctx, type, size, 'OS disks', count);
  };

/** A node pool: its VMs (min_count when autoscaling, adjustable) and managed OS disks. */
function nodePool(ctx: PricingContext, pool: Record<string, unknown>, label: string): void {
  const vmSize = asString(pool.vm_size);
  const isAutoscaling =
    asBoolean(pool.enable_auto_scaling) === true || asBoolean(pool.auto_scaling_enabled) === true;
  const configured = asNumber(pool.node_count) ?? asNumber(pool.min_count) ?? 1;
  const nodes = isAutoscaling
    ? ctx.usage('nodes', `${label}: average node count (autoscaling)`, 'nodes', configured)
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

const flexibleServer =
  (engine: 'PostgreSQL' | 'MySQL'): TPricer =>
  (ctx) => {
    const family = engine === 'PostgreSQL' ? 'database.postgresql' : 'database.mysql';
    const sku = ctx.str('sku_name');
    const hasStandby = ctx.blocks('high_availability').some((b) => asString(b.mode) !== null);
    const storageGb =
      engine === 'PostgreSQL'
        ? (ctx.num('storage_mb') ?? 32768) / 1024
        : (asNumber(ctx.blocks('storage')[0]?.size_gb) ?? 20);
    if (!sku) ctx.cannot('the server SKU is not known until apply');
    else {
      ctx.price(family, `${engine} Flexible ${sku}`, HOURS_PER_MONTH, `Server (${sku})`);
      if (hasStandby) {
        ctx.price(
          family,
          `${engine} Flexible ${sku}`,
          HOURS_PER_MONTH,
          `Standby (high availability, ${sku})`,
        );
      }
    }
    const copies = hasStandby ? 2 : 1;
    ctx.price(
      'database.storage',
      `${engine} Flexible storage`,
      storageGb * copies,
      `Storage (${storageGb} GB${hasStandby ? ' × 2, high availability' : ''})`,
    );
  };

const managedDiskResource: TPricer = (ctx) => {
  const size = ctx.num('disk_size_gb');
  if (size === null) ctx.cannot('the disk size is not known until apply');
  else managedDisk(ctx, ctx.str('storage_account_type') ?? 'Standard_LRS', size, 'Disk');
};

const storageAccount: TPricer = (ctx) => {
  const tier = ctx.str('account_tier') ?? 'Standard';
  const replication = ctx.str('account_replication_type') ?? 'LRS';
  const access = ctx.str('access_tier') ?? 'Hot';
  if (tier !== 'Standard' || access !== 'Hot' || (replication !== 'LRS' && replication !== 'ZRS')) {
    ctx.cannot(
      `${tier} ${access} ${replication} blob storage is not in the price book (Standard Hot LRS and ZRS are)`,
    );
    return;
  }
  const gb = ctx.usage('storageGb', 'Blob storage', 'GB', USAGE.objectStorageGb);
  ctx.price(
    'storage.object',
    `Blob Storage Hot ${replication} (first 50 TB)`,
    gb,
    `Blob storage (Hot ${replication})`,
    { usageBased: true },
  );
  const writes = ctx.usage(
    'writeOperations',
    'Write operations',
    'operations / month',
    USAGE.objectWrites,
  );
  if (replication === 'LRS') {
    ctx.price(
      'storage.object',
      'Blob Storage Hot LRS write operations',
      writes / 1e4,
      'Write operations',
      { usageBased: true },
    );
  } else {
    ctx.cannot('ZRS write operations are not in the price book');
  }
};

const natGateway: TPricer = (ctx) => {
  ctx.price('network.nat-gateway', 'NAT gateway', HOURS_PER_MONTH, 'NAT gateway');
  const gb = ctx.usage(
    'dataProcessedGb',
    'Data processed by the NAT gateway',
    'GB / month',
    USAGE.natDataGb,
  );
  ctx.price('network.nat-gateway', 'NAT gateway data processed', gb, 'Data processed', {
    usageBased: true,
  });
};

const publicIp: TPricer = (ctx) => {
  const sku = ctx.str('sku') ?? 'Basic';
  if (sku === 'Standard')
    ctx.price(
      'network.public-ip',
      'Public IP (static, Standard)',
      HOURS_PER_MONTH,
      'Public IP (Standard)',
    );
  else ctx.cannot(`${sku} public IP addresses are not in the price book (Standard is)`);
};

/** A rule of a Basic load balancer costs nothing; of a Standard one, per rule-hour. */
const lbRule: TPricer = (ctx) => {
  const lb = ctx.referenced('loadbalancer_id');
  const lbSku = asString((lb?.after ?? lb?.before)?.sku);
  if (lbSku === 'Basic') return;
  ctx.price(
    'network.load-balancer',
    'Standard Load Balancer rule',
    HOURS_PER_MONTH,
    'Load-balancing rule',
    {
      ...(lbSku === null && { note: 'Standard load balancer assumed' }),
    },
  );
};

const loadBalancer: TPricer = (ctx) => {
  if ((ctx.str('sku') ?? 'Basic') !== 'Standard') return;
  const gb = ctx.usage(
    'dataProcessedGb',
    'Data processed by the load balancer',
    'GB / month',
    USAGE.lbDataGb,
  );
  ctx.price(
    'network.load-balancer',
    'Standard Load Balancer data processed',
    gb,
    'Data processed',
    { usageBased: true },
  );
};

const dnsZone: TPricer = (ctx) => {
  ctx.price('dns.zone', 'DNS zone (first 25)', 1, 'DNS zone', { isGlobal: true });
};

const keyVaultKey: TPricer = (ctx) => {
  const type = ctx.str('key_type') ?? 'RSA';
  const size = ctx.num('key_size') ?? 2048;
  if (type === 'RSA-HSM' && size === 2048) {
    ctx.price(
      'security.kms',
      'Key Vault HSM-protected key (RSA 2048, Premium)',
      1,
      'HSM-protected key',
    );
    ctx.cannot('operations on HSM-protected keys are not in the price book');
  } else if (type === 'RSA' && size === 2048) {
    const ops = ctx.usage(
      'operationsPerMonth',
      'Key operations',
      'operations / month',
      USAGE.kmsRequests,
    );
    ctx.price(
      'security.kms',
      'Key Vault software-protected key operations (RSA 2048)',
      ops / 1e4,
      'Key operations',
      { usageBased: true },
    );
  } else {
    ctx.cannot(`${type} ${size}-bit keys are not in the price book (RSA 2048 is)`);
  }
};

const serviceBus: TPricer = (ctx) => {
  const sku = ctx.str('sku') ?? 'Standard';
  const ops = ctx.usage(
    'operationsPerMonth',
    'Messaging operations',
    'operations / month',
    USAGE.queueRequests,
  );
  if (sku === 'Basic') {
    ctx.price('messaging.queue', 'Service Bus Basic operations', ops / 1e6, 'Operations', {
      usageBased: true,
    });
  } else if (sku === 'Standard') {
    ctx.price(
      'messaging.queue',
      'Service Bus Standard base charge',
      HOURS_PER_MONTH,
      'Standard namespace',
    );
    ctx.price(
      'messaging.queue',
      'Service Bus Standard operations (13M–100M)',
      Math.max(0, ops - 13e6) / 1e6,
      'Operations over the 13M included',
      { usageBased: true },
    );
  } else {
    ctx.cannot(`Service Bus ${sku} messaging units are not in the price book`);
  }
};

/** The SKU of the App Service plan a function app runs on, when the plan file holds it. */
function servicePlanSku(ctx: PricingContext): string | null {
  const plan = ctx.referenced('service_plan_id') ?? ctx.referenced('app_service_plan_id');
  const values = plan?.after ?? plan?.before;
  if (!values) return null;
  return asString(values.sku_name) ?? asString(firstBlock(values.sku)?.size) ?? null;
}

const functionApp: TPricer = (ctx) => {
  const sku = servicePlanSku(ctx);
  if (sku && sku !== 'Y1') {
    ctx.cannot(`billed through its App Service plan (${sku}), which this pricing does not cover`);
    return;
  }
  const note = sku
    ? undefined
    : 'Consumption plan assumed (the App Service plan is not in this file)';
  const executions = ctx.usage(
    'executionsPerMonth',
    'Executions',
    'executions / month',
    USAGE.functionRequests,
  );
  const ms = ctx.usage('averageDurationMs', 'Average duration', 'ms', USAGE.functionDurationMs);
  const memoryMb = ctx.usage('memoryMb', 'Average memory (rounded up to 128 MB steps)', 'MB', 128);
  ctx.price(
    'serverless.function',
    'Functions Consumption executions',
    executions / 1e6,
    'Executions',
    { usageBased: true, ...(note && { note }) },
  );
  ctx.price(
    'serverless.function',
    'Functions Consumption execution time',
    executions * (ms / 1000) * (memoryMb / 1024),
    `Execution time (${memoryMb} MB)`,
    { usageBased: true, ...(note && { note }) },
  );
};

export const AZURE_PRICERS: Readonly<Record<string, TPricer>> = {
  azurerm_linux_virtual_machine: linuxVm,
  azurerm_windows_virtual_machine: windowsVm,
  azurerm_virtual_machine: legacyVm,
  azurerm_linux_virtual_machine_scale_set: scaleSet(false),
  azurerm_windows_virtual_machine_scale_set: scaleSet(true),
  azurerm_kubernetes_cluster: aksCluster,
  azurerm_kubernetes_cluster_node_pool: aksNodePool,
  azurerm_postgresql_flexible_server: flexibleServer('PostgreSQL'),
  azurerm_mysql_flexible_server: flexibleServer('MySQL'),
  azurerm_managed_disk: managedDiskResource,
  azurerm_storage_account: storageAccount,
  azurerm_nat_gateway: natGateway,
  azurerm_public_ip: publicIp,
  azurerm_lb: loadBalancer,
  azurerm_lb_rule: lbRule,
  azurerm_dns_zone: dnsZone,
  azurerm_key_vault_key: keyVaultKey,
  azurerm_servicebus_namespace: serviceBus,
  azurerm_function_app: functionApp,
  azurerm_linux_function_app: functionApp,
  azurerm_windows_function_app: functionApp,
};
