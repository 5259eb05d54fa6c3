import { HOURS_PER_MONTH } from '../book';
import type { PricingContext, TPricer } from './context';
import { asArray, asBoolean, asNumber, asString, firstBlock } from './values';

/** Compute Engine VMs and disks, GKE clusters and node pools. */
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
  // `desired_status = "TERMINATED"` (stopped) or `SUSPENDED`: no vCPU or memory charge, disks are billed.
  const status = ctx.str('desired_status') ?? ctx.str('current_status');
  if (status === 'TERMINATED' || status === 'SUSPENDED') {
    if (type) {
      ctx.price('compute.vm', lastSegment(type), 0, `Instance (${lastSegment(type)})`, {
        note: `${status.toLowerCase()}: no vCPU or memory hours while it stays so, its disks are billed`,
      });
    }
  } else {
    machineHours(
      ctx,
      type ? lastSegment(type) : null,
      1,
      'Instance',
      isSpot(firstBlock(ctx.values.scheduling)),
    );
  }
  if (ctx.blocks('guest_accelerator').some((g) => (asNumber(g.count) ?? 0) > 0)) {
    ctx.cannot('GPUs are not in the price book');
  }
  const boot = firstBlock(ctx.values.boot_disk);
  const params = firstBlock(boot?.initialize_params);
  const diskType = lastSegment(asString(params?.type) ?? 'pd-standard');
  const size = asNumber(params?.size);
  if (size !== null && size > 0) persistentDisk(ctx, diskType, size, 'Boot disk');
  else {
    const assumed = ctx.usage('bootDiskGb');
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
  nodes: number,
  label: string,
): void {
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
  gkeNodes(ctx, firstBlock(ctx.values.node_config), perZone * zones, 'Default node pool');
};

/** A node pool's node count is per zone; autoscaled pools take the nodes running (adjustable). */
const containerNodePool: TPricer = (ctx) => {
  const autoscaling = firstBlock(ctx.values.autoscaling);
  const perZone =
    ctx.num('node_count') ??
    ctx.num('initial_node_count') ??
    asNumber(autoscaling?.min_node_count) ??
    1;
  const cluster = ctx.referenced('cluster');
  const clusterValues = cluster?.after ?? cluster?.before;
  const location = ctx.str('location') ?? asString(clusterValues?.location);
  const nodeLocations =
    asArray(ctx.values.node_locations).length > 0
      ? asArray(ctx.values.node_locations)
      : asArray(clusterValues?.node_locations);
  const configured = perZone * zonesOf(location, nodeLocations);
  const nodes = autoscaling ? ctx.usage('nodes', configured) : configured;
  gkeNodes(ctx, firstBlock(ctx.values.node_config), nodes, 'Nodes');
};

const computeDisk: TPricer = (ctx) => {
  const type = lastSegment(ctx.str('type') ?? 'pd-standard');
  const size = ctx.num('size');
  if (size !== null && size > 0) persistentDisk(ctx, type, size, 'Disk');
  else {
    const assumed = ctx.usage('diskGb');
    persistentDisk(ctx, type, assumed, 'Disk', 1, 'size from the usage assumption');
  }
};

export const GCP_COMPUTE_PRICERS: Readonly<Record<string, TPricer>> = {
  google_compute_instance: computeInstance,
  google_container_cluster: containerCluster,
  google_container_node_pool: containerNodePool,
  google_compute_disk: computeDisk,
};
