import type { TEstimator } from './estimator';

const num = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);
const str = (v: unknown) => String(v);

/** Cloud SQL custom tiers name their vCPUs and memory: `db-custom-<vCPU>-<MiB>`. */
export function cloudSqlCustomTier(tier: string): { vcpu: number; memoryGb: number } | undefined {
  const m = /^db-custom-(\d+)-(\d+)$/.exec(tier);
  return m ? { vcpu: Number(m[1]), memoryGb: Number(m[2]) / 1024 } : undefined;
}

/** GCP services with fixed monthly charges; the others are usage-based or not in the table. */
export const GCP_ESTIMATORS: Record<string, TEstimator> = {
  'gcp.compute-instance': (p, e) => {
    e.addHourly('Instance', 'gcp.vm', str(p.machineType));
    e.add('Boot disk (GB)', 'gcp.disk', str(p.diskType), num(p.diskSize, 20));
  },
  'gcp.gke': (p, e) => {
    e.addHourly('Cluster management fee', 'gcp.gke', 'cluster management fee');
    const n = num(p.nodeMin, 1);
    e.addHourly(`Nodes (${n} minimum)`, 'gcp.vm', str(p.machineType), n);
    e.miss("Node boot disks: the cloud's default size, not priced");
  },
  'gcp.cloud-sql-postgres': (p, e) => {
    const availability = p.availability === 'REGIONAL' ? 'REGIONAL' : 'ZONAL';
    const tier = str(p.tier);
    const custom = cloudSqlCustomTier(tier);
    if (custom) {
      e.addHourly(`vCPUs (${custom.vcpu})`, 'gcp.cloudsql.vcpu', availability, custom.vcpu);
      e.add(`Memory (GB)`, 'gcp.cloudsql.memory', availability, custom.memoryGb);
    } else if (availability === 'ZONAL') {
      e.addHourly('Instance', 'gcp.cloudsql.shared', tier);
    } else {
      e.miss(`Instance (${tier}, regional): no list price in the price table`);
    }
    e.add('SSD storage (GB)', 'gcp.cloudsql.storage', availability, num(p.diskSize, 20));
  },
};
