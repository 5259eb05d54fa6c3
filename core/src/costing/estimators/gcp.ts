import { diskTypeFor } from '../../iac/catalog/gcp/compute';
import type { ComponentPricer } from '../pricer';
import { free, notInBook, priced, type TPricingTable } from './types';

/**
 * GCP services priced from the book: Compute Engine (machine types and boot disks), managed
 * instance groups, GKE, Cloud SQL for PostgreSQL and MySQL, persistent disks, Cloud Storage,
 * load-balancer forwarding rules, Cloud NAT, Cloud DNS, Cloud Run functions (requests and
 * memory), Pub/Sub and Cloud KMS, with Premium-tier internet egress.
 */
const EGRESS_TIERS = [
  { sku: 'Internet egress, Premium tier, worldwide excl. China/Australia (0–1 TB)', upTo: 1024 },
  { sku: 'Internet egress, Premium tier, worldwide excl. China/Australia (1–10 TB)', upTo: 10_240 },
];

/** GKE spreads a regional cluster's node pool over three zones; `nodeMin` counts per zone. */
export const GKE_ZONES = 3;

/** GKE's node boot disk when the pool does not set one (the API's default). */
const GKE_BOOT_DISK = { gb: 100, type: 'pd-balanced' };

function egress(p: ComponentPricer): void {
  const gb = p.usage('egressGb');
  p.tiered('Internet egress', 'network.egress', EGRESS_TIERS, gb, { usage: true });
}

function disk(
  p: ComponentPricer,
  label: string,
  type: string,
  gb: number,
  count: number,
  usage: boolean,
) {
  const shown = count === 1 ? `${type}, ${gb} GB` : `${type}, ${count} × ${gb} GB`;
  if (!type.startsWith('pd-')) {
    p.missing(`${label} (${type}): Hyperdisk prices are not in the price book`);
    return;
  }
  p.add(`${label} (${shown})`, 'storage.block', `Persistent Disk ${type}`, gb * count, { usage });
}

function forwardingRules(p: ComponentPricer, count: number, what: string): void {
  p.hourly(`Forwarding rules (${what})`, 'network.load-balancer', 'Forwarding rule', count);
}

function dataProcessed(p: ComponentPricer): void {
  const gb = p.usage('dataProcessedGb');
  p.add('Data processed', 'network.load-balancer', 'Load balancer data processed (ingress)', gb, {
    usage: true,
  });
}

function cloudSql(family: 'database.postgresql' | 'database.mysql') {
  return priced((p) => {
    const tier = p.str('tier');
    const ha = p.str('availability') === 'REGIONAL';
    const where = ha ? 'regional HA' : 'zonal';
    const custom = /^db-custom-(\d+)-(\d+)$/.exec(tier);
    if (custom) {
      const vcpus = Number(custom[1]);
      const gb = Number(custom[2]) / 1024;
      p.hourly(
        `vCPUs (${vcpus}, ${where})`,
        family,
        `Cloud SQL vCPU (Enterprise, ${where})`,
        vcpus,
      );
      p.add(`Memory (${gb} GB, ${where})`, family, `Cloud SQL memory (Enterprise, ${where})`, gb);
    } else if (ha) {
      p.missing(
        `Instance (${tier}, regional HA): shared-core instances have no regional list price in the book`,
      );
    } else {
      p.hourly(`Instance (${tier})`, family, `Cloud SQL ${tier} (zonal)`);
    }
    const gb = p.num('diskSize');
    p.add(`Storage (SSD, ${gb} GB)`, 'database.storage', `Cloud SQL SSD storage (${where})`, gb);
  });
}

function pubsub(p: ComponentPricer): void {
  const gib = p.usage('messageGb');
  const tib = gib / 1024;
  p.add('Message ingestion', 'messaging.queue', 'Pub/Sub message ingestion', tib, { usage: true });
  // One subscription delivers every message once.
  p.add('Message delivery', 'messaging.queue', 'Pub/Sub message delivery', tib, { usage: true });
}

export const GCP_PRICING: TPricingTable = {
  'gcp.vpc-network': free('VPC networks have no charge'),
  'gcp.subnetwork': free('Subnetworks have no charge'),
  'gcp.firewall': free('VPC firewall rules have no charge'),
  'gcp.internet-route': free('Routes have no charge (egress is priced where it leaves)'),
  'gcp.service-account': free('Service accounts have no charge'),
  'gcp.iap-tunnel': free('IAP TCP forwarding has no charge'),
  'gcp.compute-instance': priced((p) => {
    const type = p.str('machineType');
    p.hourly(`Instance (${type})`, 'compute.vm', type);
    disk(p, 'Boot disk', diskTypeFor(type, p.str('diskType')), p.num('diskSize'), 1, false);
  }),
  'gcp.managed-instance-group': priced((p) => {
    const type = p.str('machineType');
    const n = p.usage('instances', p.num('minSize'));
    p.hourly(`Instances (${n} × ${type})`, 'compute.vm', type, n, { usage: true });
    disk(p, 'Boot disks', diskTypeFor(type, 'pd-balanced'), p.num('diskSize'), n, true);
  }),
  'gcp.gke': priced((p) => {
    p.hourly('Cluster management fee', 'kubernetes.control-plane', 'GKE cluster management fee');
    const type = p.str('machineType');
    const n = p.usage(
      'nodes',
      p.num('nodeMin') * GKE_ZONES,
      'Nodes running (average, all 3 zones)',
    );
    p.hourly(`Nodes (${n} × ${type})`, 'compute.vm', type, n, { usage: true });
    const bootType = diskTypeFor(type, GKE_BOOT_DISK.type);
    disk(p, 'Node boot disks', bootType, GKE_BOOT_DISK.gb, n, true);
  }),
  'gcp.persistent-disk': priced((p) => disk(p, 'Disk', p.str('type'), p.num('size'), 1, false)),
  'gcp.cloud-sql-postgres': cloudSql('database.postgresql'),
  'gcp.cloud-sql-mysql': cloudSql('database.mysql'),
  'gcp.cloud-storage': priced((p) => {
    const storageClass = p.str('storageClass').toLowerCase();
    if (storageClass === 'archive') {
      p.missing('Archive storage is not in the price book');
      return;
    }
    const gb = p.usage('storageGb');
    p.add(
      `Storage (${storageClass})`,
      'storage.object',
      `Cloud Storage ${storageClass} (regional)`,
      gb,
      {
        usage: true,
      },
    );
    p.missing('Operations (class A and B) and data retrieval are not in the price book');
  }),
  'gcp.http-load-balancer': priced((p) => {
    forwardingRules(p, 2, 'HTTPS and HTTP redirect');
    dataProcessed(p);
    egress(p);
  }),
  'gcp.network-load-balancer': priced((p) => {
    forwardingRules(p, 1, p.str('protocol'));
    dataProcessed(p);
    if (p.bool('public')) egress(p);
  }),
  'gcp.cloud-cdn': priced((p) => {
    forwardingRules(p, 2, 'HTTPS and HTTP redirect');
    p.missing('Cloud CDN cache egress, cache fill and lookups are not in the price book');
  }),
  'gcp.cloud-nat': priced((p) => {
    const vms = p.usage('vms', Math.max(1, p.design.gcpVmCount()));
    const billed = Math.min(vms, 32);
    p.hourly(
      `NAT gateway (${vms} VMs)`,
      'network.nat-gateway',
      'Cloud NAT gateway (32 or more VMs; $0.0014 per VM-hour below)',
      billed / 32,
      {
        usage: true,
        note: 'Google bills each VM-hour up to 32 VMs: 730 h × min(VMs, 32) ÷ 32 of the 32-VM rate',
      },
    );
    const gb = p.usage('dataProcessedGb');
    p.add('Data processed', 'network.nat-gateway', 'Cloud NAT data processed', gb, { usage: true });
    egress(p);
  }),
  'gcp.cloud-dns': priced((p) => {
    p.add('Managed zone', 'dns.zone', 'Cloud DNS managed zone (first 25)', 1);
    p.missing('DNS queries (billed per million) are not in the price book');
  }),
  'gcp.cloud-function': priced((p) => {
    const requests = p.usage('requests', undefined, 'Invocations');
    const ms = p.usage('durationMs');
    const mb = p.num('memory');
    const sameRate = 'Cloud Run functions bill requests and memory at the 1st-gen list rate';
    p.add(
      'Invocations',
      'serverless.function',
      'Cloud Functions (1st gen) invocations',
      requests / 1e6,
      {
        usage: true,
        note: sameRate,
      },
    );
    const gbSeconds = requests * (ms / 1000) * (mb / 1024);
    p.add(
      `Memory (${mb} MB)`,
      'serverless.function',
      'Cloud Functions (1st gen) memory',
      gbSeconds,
      {
        usage: true,
        note: sameRate,
      },
    );
    p.missing(
      'CPU time: Cloud Run functions bill vCPU-seconds, which the book does not have (only 1st-gen GHz-seconds)',
    );
  }),
  'gcp.cloud-kms': priced((p) => {
    if (p.str('protectionLevel') === 'HSM') {
      p.missing('HSM key versions and operations are not in the price book');
      return;
    }
    const versions = p.usage('keyVersions');
    p.add(
      `Key versions (${versions})`,
      'security.kms',
      'Cloud KMS software key version',
      versions,
      {
        usage: true,
      },
    );
    const ops = p.usage('operations', undefined, 'Cryptographic operations');
    p.add('Operations', 'security.kms', 'Cloud KMS operations', ops / 1e4, { usage: true });
  }),
  'gcp.pubsub-queue': priced(pubsub),
  'gcp.pubsub-topic': priced(pubsub),
  'gcp.ha-vpn': notInBook('HA VPN tunnel hours'),
  'gcp.cloud-run': notInBook('Cloud Run vCPU and memory prices'),
  'gcp.artifact-registry': notInBook('Artifact Registry storage prices'),
  'gcp.filestore': notInBook('Filestore capacity prices'),
  'gcp.cloud-sql-sqlserver': notInBook('Cloud SQL for SQL Server licence and instance prices'),
  'gcp.firestore': notInBook('Firestore operation and storage prices'),
  'gcp.memorystore-redis': notInBook('Memorystore for Redis capacity prices'),
  'gcp.secret-manager': notInBook('Secret Manager version and access prices'),
  'gcp.eventarc-bus': notInBook('Eventarc Advanced message prices'),
  'gcp.log-bucket': notInBook('Cloud Logging ingestion and retention prices'),
  'gcp.alert-policy': notInBook('Cloud Monitoring alerting prices'),
  'gcp.bigquery': notInBook('BigQuery storage and query prices'),
  'gcp.managed-kafka': notInBook('Managed Service for Apache Kafka vCPU and memory prices'),
  'gcp.cloud-armor': notInBook('Cloud Armor policy, rule and request prices'),
  'gcp.private-service-connect': notInBook('Private Service Connect endpoint prices'),
  'gcp.workflows': notInBook('Workflows step prices'),
  'gcp.backup-dr': notInBook('Backup and DR storage prices'),
  'gcp.firestore-mongodb': notInBook('Firestore with MongoDB compatibility prices'),
  'gcp.spanner': notInBook('Spanner processing-unit and storage prices'),
  'gcp.bigtable': notInBook('Bigtable node and storage prices'),
  'gcp.cloud-tasks': notInBook('Cloud Tasks operation prices'),
  'gcp.cloud-scheduler': notInBook('Cloud Scheduler job prices'),
  'gcp.uptime-check': notInBook('Cloud Monitoring uptime check prices'),
  'gcp.identity-platform': notInBook('Identity Platform monthly active user prices'),
};
