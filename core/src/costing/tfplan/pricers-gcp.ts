import { HOURS_PER_MONTH } from '../book';
import type { TPricer } from './context';
import { GCP_COMPUTE_PRICERS } from './pricers-gcp-compute';
import { asNumber, asString, firstBlock } from './values';

/** Cloud SQL, Cloud Storage, Cloud NAT, load-balancer rules, DNS, KMS, Pub/Sub and Cloud Functions. */
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
    const gb = ctx.usage('storageGb');
    ctx.price('storage.object', `Cloud Storage ${cls} (regional)`, gb, `Storage (${cls})`, {
      usageBased: true,
    });
    ctx.cannot('operations (class A and B) and data retrieval are not in the price book');
  }
};

const routerNat: TPricer = (ctx) => {
  ctx.price(
    'network.nat-gateway',
    'Cloud NAT gateway (32 or more VMs; $0.0014 per VM-hour below)',
    HOURS_PER_MONTH,
    'NAT gateway',
  );
  const gb = ctx.usage('dataProcessedGb');
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
    const gb = ctx.usage('dataProcessedGb', undefined, 'Data processed (ingress)');
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
  const versions = ctx.usage('keyVersions');
  ctx.price('security.kms', 'Cloud KMS software key version', versions, 'Key versions');
  const ops = ctx.usage('operations', undefined, 'Cryptographic operations');
  ctx.price('security.kms', 'Cloud KMS operations', ops / 1e4, 'Operations', { usageBased: true });
};

const pubsub =
  (sku: string, label: string): TPricer =>
  (ctx) => {
    const gb = ctx.usage('messageGb', undefined, `${label} (data volume)`);
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
  const invocations = ctx.usage('requests', undefined, 'Invocations');
  const ms = ctx.usage('durationMs');
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
  ...GCP_COMPUTE_PRICERS,
  google_sql_database_instance: sqlInstance,
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
