import type { TArmBuildContext, TNode, TTfBuildContext } from '../service';
import { settingNamer } from '../setting-names';
import { aref, armFn, atpl, type TArmValue } from '../../ir/arm-ir';
import { call, ref, tpl, type TTfValue } from '../../ir/terraform-ir';
import { secretVaultOf } from './firewall';
import { subscriptionOf } from './topic-subscriptions';

/**
 * What an App Service app, function app or container app is told of each store it has a data
 * connection to: app settings (environment variables) named after the store (`ORDERS_HOST`)
 * holding the endpoints, host names and names the client libraries take with the app's managed
 * identity. Never a key, nor a connection string holding one: the connection grants the identity
 * its role (access.ts). One table for both formats, so Terraform and ARM/Bicep write the same
 * settings; Terraform attributes from hashicorp/azurerm 4.51.0, ARM paths from the same
 * resources' runtime properties.
 */
interface TSetting {
  readonly tf: (ctx: TTfBuildContext, store: TNode) => TTfValue;
  readonly arm: (ctx: TArmBuildContext, store: TNode) => TArmValue;
  /** A number in Terraform, which `jsonencode` would keep one (a VM's settings are strings). */
  readonly number?: true;
  /** Whether the app is told it at all (a topic's sender has no subscription to be told). */
  readonly isFor?: (ctx: TTfBuildContext | TArmBuildContext, store: TNode) => boolean;
}

/** An attribute of one of the store's resources: Terraform type and attribute, ARM symbol suffix and path. */
const attr = (type: string, attribute: string, suffix: string, path: string): TSetting => ({
  tf: (ctx, t) => ref(ctx.address(t, type), attribute),
  arm: (ctx, t) => aref(ctx.symbol(t, suffix), path),
});

/**
 * The name of one of its child resources, named after the store (a queue, an event hub) or after
 * one of its properties (`key`: a container, a database). ARM writes that literal where every
 * environment shares it: a reference would be an expression of a constant (`['data']`).
 */
const childName = (type: string, suffix: string, key?: string): TSetting => ({
  tf: (ctx, t) => ref(ctx.address(t, type), 'name'),
  arm: (ctx, t) => {
    if (key === undefined) return t.name;
    const value = t.properties[key];
    const varies = ctx.environments.some((e) => t.overrides[e]?.[key] !== undefined);
    return typeof value === 'string' && !varies ? value : aref(ctx.symbol(t, suffix), 'name');
  },
});

/** A name in Azure's public DNS: the resource's name between a prefix and the service's domain. */
const hostOf = (type: string, prefix: string, domain: string): TSetting => ({
  tf: (ctx, t) => tpl(...(prefix ? [prefix] : []), ref(ctx.address(t, type), 'name'), domain),
  arm: (ctx, t) => atpl(...(prefix ? [prefix] : []), aref(ctx.symbol(t), 'name'), domain),
});

/**
 * The topic subscription the app alone receives from (topic-subscriptions.ts): the topic's own,
 * named by its `subscription` property, for its first reader, else one named after the app; a
 * literal in ARM where every environment shares it. A sender of the topic has none.
 */
const ownSubscription = (ctx: TTfBuildContext | TArmBuildContext, topic: TNode) =>
  subscriptionOf(
    topic,
    ctx.incomingOf(topic, 'data').map((e) => e.node),
    ctx.node,
  );
const topicOwnSubscription = childName(
  'azurerm_servicebus_subscription',
  'Subscription',
  'subscription',
);
const readerSubscription: TSetting = {
  tf: (ctx, t) =>
    ownSubscription(ctx, t)?.name === undefined
      ? topicOwnSubscription.tf(ctx, t)
      : ref(ctx.address(t, 'azurerm_servicebus_subscription', `_${ctx.node.local}`), 'name'),
  arm: (ctx, t) => ownSubscription(ctx, t)?.name ?? topicOwnSubscription.arm(ctx, t),
  isFor: (ctx, t) => ownSubscription(ctx, t) !== undefined,
};

// learn.microsoft.com: the namespace name clients take (`fully_qualified_namespace`), Kafka on 9093.
const SERVICEBUS_DOMAIN = '.servicebus.windows.net';
const SEARCH_DOMAIN = '.search.windows.net';
const MONGO_DOMAIN = '.global.mongocluster.cosmos.azure.com';

/** The vault a secret lives in: the one it connects to, else its own (key-vault-secret.ts). */
const secretVaultUri: TSetting = {
  tf: (ctx, t) => {
    const vault = secretVaultOf(ctx, t);
    return ref(ctx.address(vault ?? t, 'azurerm_key_vault'), 'vault_uri');
  },
  arm: (ctx, t) => {
    const vault = secretVaultOf(ctx, t);
    return aref(vault ? ctx.symbol(vault) : ctx.symbol(t, 'Vault'), 'properties.vaultUri');
  },
};

/**
 * The Entra principal the app signs in as (PostgreSQL and Azure SQL take it as the user name, a
 * token as the password): its system-assigned identity, which Entra ID names after the app. The
 * app's own name value, not a reference to it: an app's settings cannot refer to the app itself.
 * The workloads on an AKS cluster sign in as its workload identity instead (aks.ts), named after
 * the cluster.
 */
const identityName: TSetting = {
  tf: (ctx) => ctx.name(...principalOf(ctx)),
  arm: (ctx) => ctx.name(...principalOf(ctx)),
};

/** The name suffix and rule of an AKS cluster's workload identity. */
export const AKS_WORKLOAD_IDENTITY = ['workload', 'azure-identity'] as const;

const principalOf = (
  ctx: TTfBuildContext | TArmBuildContext,
): readonly [] | readonly [string, string] =>
  ctx.node.service.kind === 'kubernetes' ? AKS_WORKLOAD_IDENTITY : [];

const serverDatabase = (server: string, fqdn: string, database: string) => ({
  HOST: attr(server, fqdn, '', 'properties.fullyQualifiedDomainName'),
  DATABASE: childName(database, 'Database', 'database'),
});

/** By the store's service id: setting suffix → value. */
const SETTINGS: Readonly<Record<string, Readonly<Record<string, TSetting>>>> = {
  'azure.storage-account': {
    BLOB_ENDPOINT: attr(
      'azurerm_storage_account',
      'primary_blob_endpoint',
      '',
      'properties.primaryEndpoints.blob',
    ),
    CONTAINER: childName('azurerm_storage_container', 'Container', 'container'),
  },
  'azure.file-share': {
    FILE_ENDPOINT: attr(
      'azurerm_storage_account',
      'primary_file_endpoint',
      '',
      'properties.primaryEndpoints.file',
    ),
    SHARE: childName('azurerm_storage_share', 'Share', 'share'),
  },
  'azure.postgresql-flexible': {
    ...serverDatabase(
      'azurerm_postgresql_flexible_server',
      'fqdn',
      'azurerm_postgresql_flexible_server_database',
    ),
    USER: identityName,
  },
  'azure.mysql-flexible': serverDatabase(
    'azurerm_mysql_flexible_server',
    'fqdn',
    'azurerm_mysql_flexible_database',
  ),
  // The user is created in the database by the server's Entra administrators (readme-sql.ts).
  'azure.sql-database': {
    ...serverDatabase(
      'azurerm_mssql_server',
      'fully_qualified_domain_name',
      'azurerm_mssql_database',
    ),
    USER: identityName,
  },
  'azure.cosmos-db': {
    ENDPOINT: attr('azurerm_cosmosdb_account', 'endpoint', '', 'properties.documentEndpoint'),
    DATABASE: childName('azurerm_cosmosdb_sql_database', 'Database', 'database'),
    CONTAINER: childName('azurerm_cosmosdb_sql_container', 'Container', 'container'),
  },
  'azure.cosmos-mongo-vcore': { HOST: hostOf('azurerm_mongo_cluster', '', MONGO_DOMAIN) },
  'azure.managed-redis': {
    HOST: attr('azurerm_managed_redis', 'hostname', '', 'properties.hostName'),
    // An app setting is a string; ARM refuses the database's port as a number.
    PORT: {
      tf: (ctx, t) => ref(ctx.address(t, 'azurerm_managed_redis'), 'default_database[0].port'),
      arm: (ctx, t) => armFn('string', aref(ctx.symbol(t, 'Database'), 'properties.port')),
      number: true,
    },
  },
  'azure.key-vault': { URI: attr('azurerm_key_vault', 'vault_uri', '', 'properties.vaultUri') },
  'azure.key-vault-secret': {
    VAULT_URI: secretVaultUri,
    SECRET_NAME: attr('azurerm_key_vault_secret', 'name', '', 'name'),
  },
  'azure.service-bus-queue': {
    NAMESPACE: hostOf('azurerm_servicebus_namespace', '', SERVICEBUS_DOMAIN),
    QUEUE: childName('azurerm_servicebus_queue', 'Queue'),
  },
  'azure.service-bus-topic': {
    NAMESPACE: hostOf('azurerm_servicebus_namespace', '', SERVICEBUS_DOMAIN),
    TOPIC: childName('azurerm_servicebus_topic', 'Topic'),
    SUBSCRIPTION: readerSubscription,
  },
  'azure.event-hub': {
    NAMESPACE: hostOf('azurerm_eventhub_namespace', '', SERVICEBUS_DOMAIN),
    EVENT_HUB: childName('azurerm_eventhub', 'Hub'),
    BOOTSTRAP_SERVERS: hostOf('azurerm_eventhub_namespace', '', `${SERVICEBUS_DOMAIN}:9093`),
  },
  'azure.event-grid-topic': {
    ENDPOINT: attr('azurerm_eventgrid_topic', 'endpoint', '', 'properties.endpoint'),
  },
  'azure.ai-search': { ENDPOINT: hostOf('azurerm_search_service', 'https://', SEARCH_DOMAIN) },
  'azure.web-pubsub': {
    ENDPOINT: {
      tf: (ctx, t) => tpl('https://', ref(ctx.address(t, 'azurerm_web_pubsub'), 'hostname')),
      arm: (ctx, t) => atpl('https://', aref(ctx.symbol(t), 'properties.hostName')),
    },
    HUB: childName('azurerm_web_pubsub_hub', 'Hub', 'hub'),
  },
  'azure.data-explorer': {
    URI: attr('azurerm_kusto_cluster', 'uri', '', 'properties.uri'),
    DATABASE: childName('azurerm_kusto_database', 'Database', 'database'),
  },
};

/**
 * A function app's triggers and bindings take no endpoint setting: each names a connection
 * (`connection="ORDERS_CONNECTION"` in code), which, signed in with the app's managed identity,
 * is the setting `<connection>__fullyQualifiedNamespace` for Service Bus and Event Hubs. Without
 * it a queue- or hub-triggered function had nothing to start from but a connection string, which
 * the namespaces refuse (local authentication is off); a setting named as the connection itself
 * (`ORDERS_QUEUE`, the queue's name) would even be read as one. The connection grants the
 * identity its receiver role (access.ts); Event Hubs checkpoints go to the host storage, which
 * the identity owns.
 * https://learn.microsoft.com/azure/azure-functions/functions-reference#configure-an-identity-based-connection
 */
const TRIGGER_CONNECTIONS: Readonly<Record<string, Readonly<Record<string, TSetting>>>> = {
  'azure.service-bus-queue': {
    CONNECTION__fullyQualifiedNamespace: hostOf(
      'azurerm_servicebus_namespace',
      '',
      SERVICEBUS_DOMAIN,
    ),
  },
  'azure.service-bus-topic': {
    CONNECTION__fullyQualifiedNamespace: hostOf(
      'azurerm_servicebus_namespace',
      '',
      SERVICEBUS_DOMAIN,
    ),
  },
  'azure.event-hub': {
    CONNECTION__fullyQualifiedNamespace: hostOf(
      'azurerm_eventhub_namespace',
      '',
      SERVICEBUS_DOMAIN,
    ),
  },
};

/** What a trigger of a function app names: its connection, and the settings naming the entity. */
export interface TTriggerConnection {
  readonly store: TNode;
  /** What the store is to the reader: `queue`, `topic`, `event hub`. */
  readonly what: string;
  /** `ORDERS_CONNECTION`: the setting prefix of `ORDERS_CONNECTION__fullyQualifiedNamespace`. */
  readonly connection: string;
  /** The trigger's arguments (Python) and the settings holding their values (`ORDERS_QUEUE`). */
  readonly entities: readonly { readonly arg: string; readonly setting: string }[];
}

/** By service id: what the store is, and each trigger argument with its setting suffix. */
const TRIGGER_ENTITIES: Readonly<
  Record<string, { what: string; args: readonly (readonly [string, string])[] }>
> = {
  'azure.service-bus-queue': { what: 'queue', args: [['queue_name', 'QUEUE']] },
  // A topic's trigger reads the app's own subscription of the topic (topic-subscriptions.ts).
  'azure.service-bus-topic': {
    what: 'topic',
    args: [
      ['topic_name', 'TOPIC'],
      ['subscription_name', 'SUBSCRIPTION'],
    ],
  },
  'azure.event-hub': { what: 'event hub', args: [['event_hub_name', 'EVENT_HUB']] },
};

/** The connections a function app's triggers can name, one per queue, topic or event hub it reads. */
export function triggerConnections(stores: readonly TNode[]): TTriggerConnection[] {
  const settingName = settingNamer(stores);
  return stores.flatMap((store) => {
    const trigger = TRIGGER_ENTITIES[store.service.id];
    if (trigger === undefined) return [];
    return [
      {
        store,
        what: trigger.what,
        connection: settingName(store, 'CONNECTION'),
        entities: trigger.args.map(([arg, suffix]) => ({
          arg,
          setting: settingName(store, suffix),
        })),
      },
    ];
  });
}

/**
 * The settings of the app's data connections, in the order of their names (not of the
 * connections: drawing one more moves no other); a name the app already sets (`taken`) keeps its
 * value, and the first of two stores writing one name wins.
 */
function settingsOf(ctx: TTfBuildContext | TArmBuildContext, taken: readonly string[]) {
  const out: { name: string; store: TNode; setting: TSetting }[] = [];
  const stores = ctx.outgoing('data');
  const settingName = settingNamer(stores.map((e) => e.node));
  const triggered = ctx.node.service.id === 'azure.function-app';
  for (const { node: store } of stores) {
    const settings = {
      ...SETTINGS[store.service.id],
      ...(triggered ? TRIGGER_CONNECTIONS[store.service.id] : {}),
    };
    for (const [suffix, setting] of Object.entries(settings))
      if (setting.isFor?.(ctx, store) !== false)
        out.push({ name: settingName(store, suffix), store, setting });
  }
  out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const seen = new Set(taken);
  return out.filter(({ name }) => {
    if (seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}

/** An item of ARM's `siteConfig.appSettings` or of a container's `env` (a type: ARM values index it). */
export type TArmSetting = { readonly name: string; readonly value: TArmValue };

/** Terraform: the stores' settings, after the names the app already sets. */
function tfConnectionSettings(
  ctx: TTfBuildContext,
  taken: readonly string[],
): [string, TTfValue][] {
  return settingsOf(ctx, taken).map((s) => [s.name, s.setting.tf(ctx, s.store)]);
}

/** ARM: the same. */
function armConnectionSettings(ctx: TArmBuildContext, taken: readonly string[]): TArmSetting[] {
  return settingsOf(ctx, taken).map((s) => ({ name: s.name, value: s.setting.arm(ctx, s.store) }));
}

/**
 * Terraform `app_settings` (or a container's `env`): the app's own settings (Application
 * Insights...), then its stores'.
 */
export function tfAppSettings(
  ctx: TTfBuildContext,
  own: Readonly<Record<string, TTfValue>>,
): Record<string, TTfValue> {
  return { ...own, ...Object.fromEntries(tfConnectionSettings(ctx, Object.keys(own))) };
}

/** ARM `siteConfig.appSettings` (or a container's `env`): the same settings in the same order. */
export function armAppSettings(ctx: TArmBuildContext, own: readonly TArmSetting[]): TArmSetting[] {
  return [
    ...own,
    ...armConnectionSettings(
      ctx,
      own.map((s) => s.name),
    ),
  ];
}

/**
 * Terraform: what a Linux VM, a scale set or an AKS cluster's workloads are told (decision 0033),
 * the names and values an app with the same data connections gets (a database user is the
 * identity they sign in as). They have no settings of their own, so none is taken; a number
 * becomes a string, as in an app setting and in ARM, where `jsonencode` would keep it.
 */
export function tfVmSettings(ctx: TTfBuildContext): Record<string, TTfValue> {
  return Object.fromEntries(
    settingsOf(ctx, []).map((s) => {
      const value = s.setting.tf(ctx, s.store);
      return [s.name, s.setting.number ? call('tostring', value) : value];
    }),
  );
}

/** ARM: the same settings, by name (`string()` makes the port a string already). */
export function armVmSettings(ctx: TArmBuildContext): Record<string, TArmValue> {
  return Object.fromEntries(armConnectionSettings(ctx, []).map((s) => [s.name, s.value]));
}
