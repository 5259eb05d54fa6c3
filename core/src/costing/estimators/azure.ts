import type { ComponentPricer } from '../pricer';
import { free, notInBook, priced, type TPricingTable } from './types';

/**
 * Azure services priced from the book: Linux VMs and scale sets, AKS, PostgreSQL and MySQL
 * flexible servers, managed disks (by tier), Blob storage, Key Vault, Service Bus, Functions
 * (Consumption), NAT gateways, load balancers, DNS zones and public IPs.
 */
const EGRESS_SKU = 'Internet egress, routing preference Internet (100 GB – 10 TB)';

function egress(p: ComponentPricer): void {
  const gb = p.usage('egressGb');
  p.tiered('Internet egress', 'network.egress', [{ sku: EGRESS_SKU, upTo: 10_240 }], gb, {
    usage: true,
    note: "the first 100 GB a month are free (not applied); Azure's default Microsoft-network rate is not in the book",
  });
}

function publicIp(p: ComponentPricer): void {
  p.hourly('Public IP address', 'network.public-ip', 'Public IP (static, Standard)');
}

/** Managed disk sizes (GiB) and tier numbers: P/E/S<n> is billed per disk by the tier it fits. */
const DISK_TIERS: readonly (readonly [gib: number, tier: number])[] = [
  [4, 1],
  [8, 2],
  [16, 3],
  [32, 4],
  [64, 6],
  [128, 10],
  [256, 15],
  [512, 20],
  [1024, 30],
  [2048, 40],
  [4096, 50],
  [8192, 60],
  [16384, 70],
  [32767, 80],
];

const DISK_SERIES: Readonly<Record<string, { letter: string; name: string; minGib: number }>> = {
  Premium_LRS: { letter: 'P', name: 'Premium SSD', minGib: 4 },
  StandardSSD_LRS: { letter: 'E', name: 'Standard SSD', minGib: 4 },
  // Standard HDD tiers start at S4 (32 GiB).
  Standard_LRS: { letter: 'S', name: 'Standard HDD', minGib: 32 },
};

/** The book's SKU of a managed disk, e.g. `Managed disk Premium SSD P10 (128 GiB)`. */
export function diskSku(type: string, gib: number): { sku: string; tier: string } | undefined {
  const series = DISK_SERIES[type];
  const row = DISK_TIERS.find(([size]) => size >= Math.max(gib, series?.minGib ?? 0));
  if (!series || !row) return undefined;
  const [size, n] = row;
  const shown = size >= 1024 ? `${Math.round(size / 1024)} TiB` : `${size} GiB`;
  const tier = `${series.letter}${n}`;
  return { sku: `Managed disk ${series.name} ${tier} (${shown})`, tier };
}

function managedDisk(p: ComponentPricer, label: string, type: string, gib: number): void {
  const disk = diskSku(type, gib);
  if (!disk) {
    p.missing(
      `${label} (${type}, ${gib} GiB): zone-redundant disk prices are not in the price book`,
    );
    return;
  }
  p.add(`${label} (${disk.tier}, ${gib} GiB)`, 'storage.block', disk.sku, 1);
  if (type !== 'Premium_LRS')
    p.missing(`${label}: transactions of Standard disks (per 10,000) are not in the price book`);
}

/** Flexible-server SKUs are listed as `<tier>_<size>`: B (burstable), GP, MO (memory optimised). */
const flexibleTier = (size: string) =>
  size.startsWith('Standard_B') ? 'B' : size.startsWith('Standard_E') ? 'MO' : 'GP';

function flexibleServer(engine: 'PostgreSQL' | 'MySQL') {
  const family = engine === 'PostgreSQL' ? 'database.postgresql' : 'database.mysql';
  return priced((p) => {
    const size = p.str('sku');
    p.hourly(`Compute (${size})`, family, `${engine} Flexible ${flexibleTier(size)}_${size}`);
    const gb = p.num('storageGb');
    p.add(`Storage (${gb} GB)`, 'database.storage', `${engine} Flexible storage`, gb);
    if (p.bool('geoRedundantBackup'))
      p.missing('Geo-redundant backup storage is not in the price book');
  });
}

function serviceBus(p: ComponentPricer): void {
  const sku = p.str('sku');
  if (sku === 'Premium') {
    p.missing('Service Bus Premium messaging-unit hours are not in the price book');
    return;
  }
  const ops = p.usage('requests', undefined, 'Operations');
  if (sku === 'Basic') {
    p.add('Operations', 'messaging.queue', 'Service Bus Basic operations', ops / 1e6, {
      usage: true,
    });
    return;
  }
  p.hourly(
    'Namespace base charge (Standard)',
    'messaging.queue',
    'Service Bus Standard base charge',
  );
  const above = Math.max(0, Math.min(ops, 100e6) - 13e6);
  p.add(
    'Operations above 13M',
    'messaging.queue',
    'Service Bus Standard operations (13M–100M)',
    above / 1e6,
    {
      usage: true,
    },
  );
  if (ops > 100e6) p.missing('Service Bus operations above 100M a month are not in the price book');
}

export const AZURE_PRICING: TPricingTable = {
  'azure.virtual-network': free('Virtual networks have no charge'),
  'azure.subnet': free('Subnets have no charge'),
  'azure.network-security-group': free('Network security groups have no charge'),
  'azure.managed-identity': free('Managed identities have no charge'),
  'azure.linux-vm': priced((p) => {
    const size = p.str('size');
    p.hourly(`Virtual machine (${size})`, 'compute.vm', size);
    managedDisk(p, 'OS disk', p.str('diskType'), p.num('diskSize'));
  }),
  'azure.vm-scale-set': priced((p) => {
    const size = p.str('size');
    const n = p.usage('instances', p.num('minSize'));
    p.hourly(`Instances (${n} × ${size})`, 'compute.vm', size, n, { usage: true });
    p.missing('OS disks: their size comes from the image, which the design does not fix');
  }),
  'azure.aks': priced((p) => {
    const isStandard = p.str('tier') === 'Standard';
    if (isStandard)
      p.hourly(
        'Control plane (Standard tier)',
        'kubernetes.control-plane',
        'AKS Standard tier (uptime SLA)',
      );
    const size = p.str('nodeSize');
    const n = p.usage('nodes', p.num('nodeMin'));
    p.hourly(`Nodes (${n} × ${size})`, 'compute.vm', size, n, {
      usage: true,
      ...(!isStandard && { note: 'Free tier: the control plane has no charge' }),
    });
    p.missing(
      'Node OS disks: AKS chooses ephemeral or managed OS disks by VM size, which the design does not fix',
    );
  }),
  'azure.postgresql-flexible': flexibleServer('PostgreSQL'),
  'azure.mysql-flexible': flexibleServer('MySQL'),
  'azure.managed-disk': priced((p) =>
    managedDisk(p, 'Managed disk', p.str('sku'), p.num('sizeGb')),
  ),
  'azure.storage-account': priced((p) => {
    const replication = p.str('replication');
    const kind = `${p.str('tier')} ${p.str('accessTier')} ${replication}`;
    if (kind !== 'Standard Hot LRS' && kind !== 'Standard Hot ZRS') {
      p.missing(`Blob storage (${kind}): the price book has Standard Hot LRS and ZRS only`);
      return;
    }
    const gb = p.usage('storageGb');
    const tiers = [{ sku: `Blob Storage Hot ${replication} (first 50 TB)`, upTo: 51_200 }];
    p.tiered(`Blob storage (Hot ${replication})`, 'storage.object', tiers, gb, { usage: true });
    const writes = p.usage('writeRequests', undefined, 'Write operations');
    p.add(
      'Write operations',
      'storage.object',
      `Blob Storage Hot ${replication} write operations`,
      writes / 1e4,
      {
        usage: true,
      },
    );
    p.missing('Read and other operations and data retrieval are not in the price book');
  }),
  'azure.key-vault': priced((p) => {
    const ops = p.usage('operations', undefined, 'Key operations');
    p.add(
      'Key operations',
      'security.kms',
      'Key Vault software-protected key operations (RSA 2048)',
      ops / 1e4,
      { usage: true },
    );
    if (p.str('sku') === 'premium') {
      const keys = p.usage('hsmKeys');
      p.add(
        `HSM-protected keys (${keys})`,
        'security.kms',
        'Key Vault HSM-protected key (RSA 2048, Premium)',
        keys,
        {
          usage: true,
        },
      );
    }
  }),
  'azure.key-vault-secret': priced((p) => {
    const ops = p.usage('operations', undefined, 'Secret operations');
    p.add('Secret operations', 'security.kms', 'Key Vault secrets operations', ops / 1e4, {
      usage: true,
    });
  }),
  'azure.service-bus-queue': priced(serviceBus),
  'azure.service-bus-topic': priced(serviceBus),
  'azure.function-app': priced((p) => {
    const sku = p.str('sku');
    if (sku !== 'Y1') {
      p.missing(`App Service plan ${sku} hours are not in the price book`);
      return;
    }
    const runs = p.usage('requests', undefined, 'Executions');
    const ms = p.usage('durationMs');
    const mb = p.usage('memoryMb');
    p.add('Executions', 'serverless.function', 'Functions Consumption executions', runs / 1e6, {
      usage: true,
    });
    const gbSeconds = runs * (ms / 1000) * (mb / 1024);
    p.add(
      'Execution time',
      'serverless.function',
      'Functions Consumption execution time',
      gbSeconds,
      {
        usage: true,
        note: 'billed memory is rounded up to 128 MB and duration to at least 100 ms',
      },
    );
  }),
  'azure.nat-gateway': priced((p) => {
    p.hourly('NAT gateway', 'network.nat-gateway', 'NAT gateway');
    const gb = p.usage('dataProcessedGb');
    p.add('Data processed', 'network.nat-gateway', 'NAT gateway data processed', gb, {
      usage: true,
    });
    publicIp(p);
    egress(p);
  }),
  'azure.dns-zone': priced((p) => {
    p.add('DNS zone', 'dns.zone', 'DNS zone (first 25)', 1);
    p.missing('DNS queries (billed per million) are not in the price book');
  }),
  'azure.load-balancer': priced((p) => {
    p.hourly('Load-balancing rule', 'network.load-balancer', 'Standard Load Balancer rule');
    const gb = p.usage('dataProcessedGb');
    p.add('Data processed', 'network.load-balancer', 'Standard Load Balancer data processed', gb, {
      usage: true,
    });
    if (p.bool('public')) {
      publicIp(p);
      egress(p);
    }
  }),
  'azure.application-gateway': priced((p) => {
    p.missing(
      'Application Gateway (WAF_v2) fixed and capacity-unit hours are not in the price book',
    );
    publicIp(p);
    egress(p);
  }),
  'azure.bastion': priced((p) => {
    p.missing('Bastion host hours are not in the price book');
    publicIp(p);
  }),
  'azure.vpn-gateway': priced((p) => {
    p.missing('VPN gateway hours are not in the price book');
    publicIp(p);
  }),
  'azure.sql-database': notInBook('Azure SQL Database compute and storage prices'),
  'azure.cosmos-db': notInBook('Cosmos DB request-unit and storage prices'),
  'azure.managed-redis': notInBook('Azure Managed Redis hours'),
  'azure.log-analytics': notInBook('Log Analytics ingestion and retention prices'),
  'azure.container-registry': notInBook('Container Registry daily prices'),
  'azure.file-share': notInBook('Azure Files storage and transaction prices'),
  'azure.event-grid-topic': notInBook('Event Grid operation prices'),
  'azure.metric-alert': notInBook('Azure Monitor alert rule prices'),
  'azure.api-management': notInBook('API Management unit and call prices'),
  'azure.container-app': notInBook('Container Apps vCPU and memory prices'),
  'azure.front-door': notInBook('Front Door base, request and transfer prices'),
  'azure.app-service': notInBook('App Service plan hours'),
  'azure.event-hub': notInBook('Event Hubs throughput-unit hours'),
  'azure.private-endpoint': notInBook('Private endpoint hours and data processed'),
  'azure.ai-search': notInBook('AI Search unit hours'),
  'azure.front-door-waf': notInBook('Front Door WAF policy and rule prices'),
  'azure.application-insights': notInBook('Application Insights ingestion prices'),
  'azure.cosmos-mongo-vcore': notInBook('Cosmos DB for MongoDB (vCore) cluster prices'),
  'azure.backup-vault': notInBook('Azure Backup instance and storage prices'),
  'azure.logic-app': notInBook('Logic Apps action and trigger prices'),
  'azure.data-explorer': notInBook('Data Explorer cluster hours'),
  'azure.web-pubsub': notInBook('Web PubSub unit prices'),
  'azure.dns-resolver': notInBook('DNS Private Resolver endpoint and ruleset hours'),
};
