import { HOURS_PER_MONTH } from '../book';
import type { PricingContext, TPricer } from './context';
import { AZURE_COMPUTE_PRICERS } from './pricers-azure-compute';
import { asNumber, asString, firstBlock } from './values';

/** Azure databases, storage, networking, DNS, Key Vault, Service Bus and Functions. */
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
  const gb = ctx.usage('storageGb');
  ctx.price(
    'storage.object',
    `Blob Storage Hot ${replication} (first 50 TB)`,
    gb,
    `Blob storage (Hot ${replication})`,
    { usageBased: true },
  );
  const writes = ctx.usage('writeRequests', undefined, 'Write operations');
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
  const gb = ctx.usage('dataProcessedGb');
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
  const gb = ctx.usage('dataProcessedGb');
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
    const ops = ctx.usage('operations', undefined, 'Key operations');
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
  const ops = ctx.usage('requests', undefined, 'Operations');
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
  const executions = ctx.usage('requests', undefined, 'Executions');
  const ms = ctx.usage('durationMs');
  const memoryMb = ctx.usage('memoryMb');
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
  ...AZURE_COMPUTE_PRICERS,
  azurerm_postgresql_flexible_server: flexibleServer('PostgreSQL'),
  azurerm_mysql_flexible_server: flexibleServer('MySQL'),
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
