/**
 * The usage assumptions of usage-billed charges (Infracost's usage file): what a design cannot
 * say (GB stored, requests, egress) is priced at these defaults, listed in the estimate with the
 * component they belong to, and overridden per component through `usage[componentId][key]`.
 * The same keys are used on every cloud, so a comparison prices the same usage everywhere.
 */
export interface TUsageSpec {
  readonly label: string;
  readonly unit: string;
  /** The default; `null` when the estimator derives it from the design (node counts). */
  readonly default: number | null;
  /** Why this default (shown on the costing page beside the number). */
  readonly basis: string;
}

export const USAGE_SPECS = {
  egressGb: {
    label: 'Internet egress',
    unit: 'GB / month',
    default: 100,
    basis: 'a small public service; free allowances are not applied',
  },
  dataProcessedGb: {
    label: 'Data processed',
    unit: 'GB / month',
    default: 100,
    basis: 'the same traffic as the default egress',
  },
  lcu: {
    label: 'Capacity units (average)',
    unit: 'LCU',
    default: 1,
    basis: 'one capacity unit: up to 25 new connections a second or 1 GB an hour',
  },
  storageGb: {
    label: 'Data stored',
    unit: 'GB',
    default: 100,
    basis: 'a small bucket',
  },
  writeRequests: {
    label: 'Write requests (PUT, COPY, POST, LIST)',
    unit: 'requests / month',
    default: 100_000,
    basis: 'about 2 writes a minute',
  },
  requests: {
    label: 'Requests',
    unit: 'requests / month',
    default: 1_000_000,
    basis: 'about 23 a minute',
  },
  durationMs: {
    label: 'Average duration',
    unit: 'ms',
    default: 200,
    basis: 'a short API handler',
  },
  memoryMb: {
    label: 'Memory used (average)',
    unit: 'MB',
    default: 128,
    basis: 'the smallest step Consumption plans bill',
  },
  operations: {
    label: 'Operations',
    unit: 'operations / month',
    default: 100_000,
    basis: 'about 2 a minute',
  },
  messageGb: {
    label: 'Message data published',
    unit: 'GiB / month',
    default: 10,
    basis: 'about 1 million 10 KiB messages',
  },
  instances: {
    label: 'Instances running (average)',
    unit: 'instances',
    default: null,
    basis: "the group's desired size, else its minimum",
  },
  nodes: {
    label: 'Nodes running (average)',
    unit: 'nodes',
    default: null,
    basis: "the node pool's desired size, else its minimum",
  },
  vms: {
    label: 'VMs using the gateway',
    unit: 'VMs',
    default: null,
    basis: 'the Compute Engine VMs of the design (instances, group minimums, GKE nodes)',
  },
  keyVersions: {
    label: 'Active key versions',
    unit: 'versions',
    default: 1,
    basis: 'each rotation adds one; disable or destroy old versions to stop paying for them',
  },
  hsmKeys: {
    label: 'HSM-protected keys',
    unit: 'keys',
    default: 1,
    basis: 'one key in a Premium vault',
  },
} as const satisfies Record<string, TUsageSpec>;

export type TUsageKey = keyof typeof USAGE_SPECS;
