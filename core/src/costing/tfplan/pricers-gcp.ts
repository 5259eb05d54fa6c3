import { HOURS_PER_MONTH } from '../book';
import type { PricingContext, TPricer } from './context';
import { USAGE } from './usage-defaults';
import { asArray, asBoolean, asNumber, asString, firstBlock } from './values';

const VM_NOTE =
  'on-demand rate, no sustained-use or committed-use discount; licensed images cost more';
const DISK_TYPES = new Set(['pd-standard', 'pd-balanced', 'pd-ssd']);
const ZONE = /^[a-z]+-[a-z]+\d+-[a-z]$/;

/** `zones/us-central1-a/machineTypes/e2-medium` → `e2-medium`. */
const lastSegment = (v: string) => v.slice(v.lastIndexOf('/') + 1);

function persistentDisk(
  ctx: PricingContext,
  type: string,
  sizeGb: number,
  label: string,
  count = 1,
  note?: string,
): void {
  if (!DISK_TYPES.has(type)) {
    ctx.cannot(`${type} disks are not in the price book (pd-standard, pd-balanced and pd-ssd are)`);
    return;
  }
  const what = count === 1 ? `${type}, ${sizeGb} GB` : `${count} × ${type}, ${sizeGb} GB`;
  ctx.price('storage.block', `Persistent Disk ${type}`, sizeGb * count, `${label} (${what})`, {
    ...(note && { note }),
  });
}

function isSpot(scheduling: Record<string, unknown> | null): boolean {
  return (
    asBoolean(scheduling?.preemptible) === true ||
    asString(scheduling?.provisioning_model) === 'SPOT'
  );
}

function machineHours(
  ctx: PricingContext,
  machineType: string | null,
  count: number,
  label: string,
  isSpotVm: boolean,
): void {
  if (!machineType) ctx.cannot('the machine type is not known until apply');
  else if (isSpotVm) ctx.cannot('Spot and preemptible VM prices are not in the price book');
  else if (machineType.includes('custom'))
    ctx.cannot(`custom machine types (${machineType}) are not in the price book`);
  else {
    ctx.price(
      'compute.vm',
      machineType,
      HOURS_PER_MONTH * count,
      count === 1 ? `${label} (${machineType})` : `${label} (${count} × ${machineType})`,
      { note: VM_NOTE },
    );
  }
}

const computeInstance: TPricer = (ctx) => {
  const type = ctx.str('machine_type');
  machineHours(
    ctx,
    type ? lastSegment(type) : null,
    1,
    'Instance',
    isSpot(firstBlock(ctx.values.scheduling)),
  );
  if (ctx.blocks('guest_accelerator').some((g) => (asNumber(g.count) ?? 0) > 0)) {
    ctx.cannot('GPUs are not in the price book');
  }
  const boot = firstBlock(ctx.values.boot_disk);
  const params = firstBlock(boot?.initialize_params);
  const diskType = lastSegment(asString(params?.type) ?? 'pd-standard');
  const size = asNumber(params?.size);
  if (size !== null && size > 0) persistentDisk(ctx, diskType, size, 'Boot disk');
  else {
    const assumed = ctx.usage(
      'bootDiskGb',
      'Boot disk size (set by the image)',
      'GB',
      USAGE.gcpBootDiskGb,
    );
    persistentDisk(ctx, diskType, assumed, 'Boot disk', 1, 'size from the usage assumption');
  }
  if (ctx.blocks('scratch_disk').length > 0)
    ctx.cannot('local SSD (scratch disks) is not in the price book');
  const externalIps = ctx
    .blocks('network_interface')
    .reduce((n, nic) => n + asArray(nic.access_config).length, 0);
  if (externalIps > 0) {
    ctx.price(
      'network.public-ip',
      'External IP on a running VM',
      HOURS_PER_MONTH * externalIps,
      `External IP${externalIps > 1 ? `s (${externalIps})` : ''}`,
    );
  }
};

/** How many zones a GKE pool's node count applies to: its node locations, else its location's. */
function zonesOf(location: string | null, nodeLocations: readonly unknown[]): number {
  if (nodeLocations.length > 0) return nodeLocations.length;
  return location && ZONE.test(location) ? 1 : 3;
}

function gkeNodes(
  ctx: PricingContext,
  config: Record<string, unknown> | null,
  perZone: number,
  zones: number,
  label: string,
): void {
  const nodes = perZone * zones;
  const machine = asString(config?.machine_type) ?? 'e2-medium';
  machineHours(
    ctx,
    machine,
    nodes,
    label,
    asBoolean(config?.preemptible) === true || asBoolean(config?.spot) === true,
  );
  const size = asNumber(config?.disk_size_gb) ?? 100;
  const type = asString(config?.disk_type) ?? 'pd-balanced';
  if (nodes > 0) persistentDisk(ctx, type, size, `${label}: boot disks`, nodes);
}

const containerCluster: TPricer = (ctx) => {
  ctx.price(
    'kubernetes.control-plane',
    'GKE cluster management fee',
    HOURS_PER_MONTH,
    'Cluster management fee',
  );
  if (ctx.bool('enable_autopilot') === true) {
    ctx.cannot(
      'Autopilot bills the pods’ vCPU, memory and storage, which are not in the price book',
    );
    return;
  }
  if (ctx.bool('remove_default_node_pool') === true) return;
  const perZone = ctx.num('initial_node_count') ?? 1;
  const zones = zonesOf(ctx.str('location'), asArray(ctx.values.node_locations));
  gkeNodes(ctx, firstBlock(ctx.values.node_config), perZone, zones, 'Default node pool');
};

const containerNodePool: TPricer = (ctx) => {
  const autoscaling = firstBlock(ctx.values.autoscaling);
  const configured =
    ctx.num('node_count') ??
    ctx.num('initial_node_count') ??
    asNumber(autoscaling?.min_node_count) ??
    1;
  const perZone = autoscaling
    ? ctx.usage('nodesPerZone', 'Average nodes per zone (autoscaling)', 'nodes', configured)
    : configured;
  const cluster = ctx.referenced('cluster');
  const clusterValues = cluster?.after ?? cluster?.before;
  const location = ctx.str('location') ?? asString(clusterValues?.location);
  const nodeLocations =
    asArray(ctx.values.node_locations).length > 0
      ? asArray(ctx.values.node_locations)
      : asArray(clusterValues?.node_locations);
  gkeNodes(
    ctx,
    firstBlock(ctx.values.node_config),
    perZone,
    zonesOf(location, nodeLocations),
    'Nodes',
  );
};

/** Cloud SQL's predefined tiers: vCPUs and GB of memory (db-n1-standard-N: N and 3.75 × N). */
function sqlShape(tier: string): { vcpu: number; memoryGb: number } | null {
  const custom = /^db-custom-(\d+)-(\d+)$/.exec(tier);
  if (custom) return { vcpu: Number(custom[1]), memoryGb: Number(custom[2]) / 1024 };
  const n1 = /^db-n1-(standard|highmem)-(\d+)$/.exec(tier);
  if (n1) {
    const vcpu = Number(n1[2]);
    return { vcpu, memoryGb: vcpu * (n1[1] === 'standard' ? 3.75 : 6.5) };
  }
  return null;
}

const sqlInstance: TPricer = (ctx) => {
  const version = ctx.str('database_version') ?? '';
  const family = version.startsWith('POSTGRES')
    ? 'database.postgresql'
    : version.startsWith('MYSQL')
      ? 'database.mysql'
      : null;
  const settings = firstBlock(ctx.values.settings);
  const tier = asString(settings?.tier);
  const isRegional = asString(settings?.availability_type) === 'REGIONAL';
  const kind = isRegional ? 'regional HA' : 'zonal';
  if (!family) {
    ctx.cannot(
      `Cloud SQL ${version || 'of an unknown engine'} is not in the price book (PostgreSQL and MySQL are)`,
    );
    return;
  }
  if (asString(settings?.edition) === 'ENTERPRISE_PLUS')
    ctx.cannot('Cloud SQL Enterprise Plus is not in the price book');
  else if (!tier) ctx.cannot('the tier is not known until apply');
  else if (tier === 'db-f1-micro' || tier === 'db-g1-small') {
    ctx.price(
      family,
      `Cloud SQL ${tier} (${kind})`,
      HOURS_PER_MONTH,
      `Instance (${tier}, ${kind})`,
    );
  } else {
    const shape = sqlShape(tier);
    if (!shape) ctx.cannot(`the Cloud SQL tier ${tier} is not in the price book`);
    else {
      ctx.price(
        family,
        `Cloud SQL vCPU (Enterprise, ${kind})`,
        shape.vcpu * HOURS_PER_MONTH,
        `vCPUs (${shape.vcpu}, ${kind})`,
      );
      ctx.price(
        family,
        `Cloud SQL memory (Enterprise, ${kind})`,
        shape.memoryGb,
        `Memory (${shape.memoryGb} GB, ${kind})`,
      );
    }
  }
  const diskType = asString(settings?.disk_type) ?? 'PD_SSD';
  const diskGb = asNumber(settings?.disk_size) ?? 10;
  if (diskType !== 'PD_SSD')
    ctx.cannot(`Cloud SQL ${diskType} storage is not in the price book (SSD is)`);
  else
    ctx.price(
      'database.storage',
      `Cloud SQL SSD storage (${kind})`,
      diskGb,
      `SSD storage (${diskGb} GB, ${kind})`,
    );
};

const computeDisk: TPricer = (ctx) => {
  const type = lastSegment(ctx.str('type') ?? 'pd-standard');
  const size = ctx.num('size');
  if (size !== null && size > 0) persistentDisk(ctx, type, size, 'Disk');
  else {
    const assumed = ctx.usage(
      'sizeGb',
      'Disk size (set by its image or snapshot)',
      'GB',
      USAGE.gcpBootDiskGb,
    );
    persistentDisk(ctx, type, assumed, 'Disk', 1, 'size from the usage assumption');
  }
};

const STORAGE_CLASSES: Readonly<Record<string, string>> = {
  STANDARD: 'standard',
  REGIONAL: 'standard',
  NEARLINE: 'nearline',
  COLDLINE: 'coldline',
};

const storageBucket: TPricer = (ctx) => {
  const storageClass = (ctx.str('storage_class') ?? 'STANDARD').toUpperCase();
  const location = (ctx.str('location') ?? '').toLowerCase();
  const cls = STORAGE_CLASSES[storageClass];
  if (!/^[a-z]+-[a-z]+\d+$/.test(location)) {
    ctx.cannot(
      `multi-region and dual-region (${location.toUpperCase() || 'unknown'}) storage is not in the price book (regional is)`,
    );
  } else if (!cls) {
    ctx.cannot(
      `${storageClass} storage is not in the price book (Standard, Nearline and Coldline are)`,
    );
  } else {
    const gb = ctx.usage('storageGb', 'Stored data', 'GB', USAGE.objectStorageGb);
    ctx.price('storage.object', `Cloud Storage ${cls} (regional)`, gb, `Storage (${cls})`, {
      usageBased: true,
    });
  }
};

const routerNat: TPricer = (ctx) => {
  ctx.price(
    'network.nat-gateway',
    'Cloud NAT gateway (32 or more VMs; $0.0014 per VM-hour below)',
    HOURS_PER_MONTH,
    'NAT gateway',
  );
  const gb = ctx.usage(
    'dataProcessedGb',
    'Data processed by Cloud NAT',
    'GB / month',
    USAGE.natDataGb,
  );
  ctx.price('network.nat-gateway', 'Cloud NAT data processed', gb, 'Data processed', {
    usageBased: true,
  });
};

const forwardingRule =
  (isGlobal: boolean): TPricer =>
  (ctx) => {
    ctx.price('network.load-balancer', 'Forwarding rule', HOURS_PER_MONTH, 'Forwarding rule', {
      isGlobal,
    });
    const gb = ctx.usage(
      'dataProcessedGb',
      'Data processed (ingress)',
      'GB / month',
      USAGE.lbDataGb,
    );
    ctx.price(
      'network.load-balancer',
      'Load balancer data processed (ingress)',
      gb,
      'Data processed',
      { usageBased: true, isGlobal },
    );
  };

const dnsZone: TPricer = (ctx) => {
  ctx.price('dns.zone', 'Cloud DNS managed zone (first 25)', 1, 'Managed zone', { isGlobal: true });
};

const kmsCryptoKey: TPricer = (ctx) => {
  const level = asString(firstBlock(ctx.values.version_template)?.protection_level) ?? 'SOFTWARE';
  if (level !== 'SOFTWARE') {
    ctx.cannot(`${level} keys are not in the price book (software keys are)`);
    return;
  }
  const versions = ctx.usage('activeKeyVersions', 'Active key versions', 'versions', 1);
  ctx.price('security.kms', 'Cloud KMS software key version', versions, 'Key versions');
  const ops = ctx.usage(
    'operationsPerMonth',
    'Cryptographic operations',
    'operations / month',
    USAGE.kmsRequests,
  );
  ctx.price('security.kms', 'Cloud KMS operations', ops / 1e4, 'Operations', { usageBased: true });
};

const pubsub =
  (sku: string, label: string): TPricer =>
  (ctx) => {
    const gb = ctx.usage('dataGb', `${label} (data volume)`, 'GB / month', USAGE.pubsubGb);
    ctx.price('messaging.queue', sku, gb / 1024, label, { usageBased: true, isGlobal: true });
  };

/** 1st gen: the CPU clock that comes with each memory size (Google's price list). */
const GHZ_BY_MEMORY_MB: Readonly<Record<number, number>> = {
  128: 0.2,
  256: 0.4,
  512: 0.8,
  1024: 1.4,
  2048: 2.4,
  4096: 4.8,
  8192: 4.8,
};

const cloudFunction: TPricer = (ctx) => {
  const memoryMb = ctx.num('available_memory_mb') ?? 256;
  const invocations = ctx.usage(
    'invocationsPerMonth',
    'Invocations',
    'invocations / month',
    USAGE.functionRequests,
  );
  const ms = ctx.usage('averageDurationMs', 'Average duration', 'ms', USAGE.functionDurationMs);
  const seconds = invocations * (ms / 1000);
  ctx.price(
    'serverless.function',
    'Cloud Functions (1st gen) invocations',
    invocations / 1e6,
    'Invocations',
    { usageBased: true },
  );
  ctx.price(
    'serverless.function',
    'Cloud Functions (1st gen) memory',
    seconds * (memoryMb / 1024),
    `Memory time (${memoryMb} MB)`,
    { usageBased: true },
  );
  const ghz = GHZ_BY_MEMORY_MB[memoryMb];
  if (ghz === undefined) ctx.cannot(`the CPU that comes with ${memoryMb} MB is not known`);
  else
    ctx.price(
      'serverless.function',
      'Cloud Functions (1st gen) CPU',
      seconds * ghz,
      `CPU time (${ghz} GHz)`,
      { usageBased: true },
    );
};

export const GCP_PRICERS: Readonly<Record<string, TPricer>> = {
  google_compute_instance: computeInstance,
  google_container_cluster: containerCluster,
  google_container_node_pool: containerNodePool,
  google_sql_database_instance: sqlInstance,
  google_compute_disk: computeDisk,
  google_storage_bucket: storageBucket,
  google_compute_router_nat: routerNat,
  google_compute_forwarding_rule: forwardingRule(false),
  google_compute_global_forwarding_rule: forwardingRule(true),
  google_dns_managed_zone: dnsZone,
  google_kms_crypto_key: kmsCryptoKey,
  google_pubsub_topic: pubsub('Pub/Sub message ingestion', 'Message ingestion'),
  google_pubsub_subscription: pubsub('Pub/Sub message delivery', 'Message delivery'),
  google_cloudfunctions_function: cloudFunction,
};
