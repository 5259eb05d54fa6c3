import {
  defineService,
  type TNode,
  type TServiceDefinition,
  type TTfBuildContext,
} from '../service';
import { boolProp, enumProp, numProp, strProp } from '../properties';
import { perDesign } from '../per-design';
import { block, call, ref, tpl, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import { CACHE_NODE_TYPES, RDS_CLASSES, RDS_SQLSERVER_CLASSES } from './sizes';
import { kmsKeyOf } from './shared';
import { ownSecurityGroup } from './security-groups';
import { writeClientSecret } from './client-secret';

/**
 * AWS databases. RDS and ElastiCache need subnets in two availability zones: the node's own
 * subnets first (placement connections add more), completed with the subnet of another zone
 * that belongs to the same tier: private, hosting no application components, and named like
 * the node's subnet (`data-a` -> `data-b`), so the data tier's second subnet is used rather
 * than the application tier's.
 */
const DATA_KINDS = new Set(['postgresql', 'mysql', 'sqlserver', 'cache', 'nosql', 'file-storage']);

export function spreadSubnets(ctx: TTfBuildContext): TNode[] {
  const own = ctx.subnets();
  const zones = new Set(own.map((s) => s.properties['zone']));
  const network = ctx.network();
  if (zones.size >= 2 || !network) return own;
  const apps = appSubnets(ctx);
  const hostsApps = (subnet: TNode) => apps.has(subnet.id);
  const likeness = (subnet: TNode) => commonPrefix(subnet.name, own[0]?.name ?? '');
  const rank = (n: TNode): [number, number, number] => [
    Number(n.properties['public'] === true),
    Number(hostsApps(n)),
    -likeness(n),
  ];
  const extra = ctx
    .children(network)
    .filter(
      (n) => n.service.kind === 'subnet' && !own.includes(n) && !zones.has(n.properties['zone']),
    )
    .map((n) => ({ n, r: rank(n) }))
    .sort((a, b) => a.r[0] - b.r[0] || a.r[1] - b.r[1] || a.r[2] - b.r[2])
    .map((x) => x.n);
  return extra[0] ? [...own, extra[0]] : own;
}

/** Ids of the subnets application components sit in: computed once per build, not per database. */
const appSubnetsOf = new WeakMap<readonly TNode[], ReadonlySet<string>>();
const appSubnets = (ctx: TTfBuildContext): ReadonlySet<string> =>
  perDesign(appSubnetsOf, ctx, (nodes) => {
    const found = new Set<string>();
    for (const n of nodes) {
      if (n.isGroup || DATA_KINDS.has(n.service.kind)) continue;
      if (n.parent !== undefined) found.add(n.parent);
      for (const subnet of ctx.subnetsOf(n)) found.add(subnet.id);
    }
    return found;
  });

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

const subnetRefs = (ctx: TTfBuildContext) =>
  spreadSubnets(ctx).map((s) => ref(ctx.address(s, 'aws_subnet'), 'id'));

interface TEngine {
  readonly id: string;
  readonly kind: 'postgresql' | 'mysql' | 'sqlserver';
  readonly name: string;
  readonly engines: readonly string[];
  readonly versions: readonly string[];
  readonly classes: readonly string[];
  readonly port: number;
}

/** Parts joined: a literal when every part is one, else a template. */
const joined = (...parts: TTfValue[]): TTfValue =>
  parts.every((p) => typeof p === 'string') ? parts.join('') : tpl(...parts);

/** The major version of `16.00` (SQL Server): `16`, for a literal or an expression. */
const majorOf = (version: TTfValue): TTfValue =>
  typeof version === 'string'
    ? version.split('.')[0]!
    : call('element', call('split', '.', version), 0);

/**
 * The parameter that refuses connections without TLS, and the parameter group family it goes in,
 * per engine: MySQL's `require_secure_transport` and SQL Server's `rds.force_ssl` are off by
 * default, as PostgreSQL's `rds.force_ssl` is before 15 (RDS User Guide, "Using SSL/TLS to
 * encrypt a connection to a DB instance"; "Using SSL with a Microsoft SQL Server DB instance").
 */
const TLS_PARAMETER: Record<
  TEngine['kind'],
  {
    name: string;
    family: (engine: TTfValue, version: TTfValue) => TTfValue;
    /** A static parameter is applied at the next reboot (a new instance starts with it). */
    isStatic?: boolean;
  }
> = {
  postgresql: { name: 'rds.force_ssl', family: (_e, v) => joined('postgres', v) },
  mysql: { name: 'require_secure_transport', family: (_e, v) => joined('mysql', v) },
  // `sqlserver-se-16.0` for SQL Server Standard 2022 (16.00).
  sqlserver: {
    name: 'rds.force_ssl',
    family: (e, v) => joined(e, '-', majorOf(v), '.0'),
    isStatic: true,
  },
};

/**
 * A parameter group of the engine's family that requires TLS, named after the family: a new
 * major version or edition takes a new group, which the instance moves to before the old goes.
 */
function tlsParameters(ctx: TTfBuildContext, e: TEngine): TTfRef {
  const tls = TLS_PARAMETER[e.kind];
  const family = tls.family(ctx.prop('engine'), ctx.prop('version'));
  return ctx.resource(
    'aws_db_parameter_group',
    ctx.node.local,
    {
      name: tpl(
        ctx.name('tls', 'aws-rds'),
        '-',
        typeof family === 'string' ? family.replace(/\./g, '-') : call('replace', family, '.', '-'),
      ),
      family,
      description: `Connections to ${ctx.node.name} use TLS`,
      parameter: [
        block({
          name: tls.name,
          value: '1',
          ...(tls.isStatic ? { apply_method: 'pending-reboot' } : {}),
        }),
      ],
      tags: ctx.tags(),
    },
    undefined,
    { lifecycle: { createBeforeDestroy: true } },
  );
}

function rds(e: TEngine): TServiceDefinition {
  const isSqlServer = e.kind === 'sqlserver';
  return defineService({
    id: e.id,
    cloud: 'aws',
    kind: e.kind,
    name: e.name,
    category: 'databases',
    description: `${e.name}: encrypted, private, with its subnet group; the admin password is generated and rotated in Secrets Manager.`,
    icon: `aws-rds`,
    properties: [
      enumProp('engine', 'Engine', e.engines, e.engines[0]!),
      enumProp('version', 'Engine version', e.versions, e.versions[0]!),
      enumProp('instanceClass', 'Instance class', e.classes, e.classes[isSqlServer ? 0 : 1]!),
      numProp('storage', 'Storage (GiB)', isSqlServer ? 20 : 20, 20, 65536),
      numProp('maxStorage', 'Autoscaling limit (GiB)', 100, 20, 65536),
      boolProp('multiAz', 'Multi-AZ', false),
      numProp('backupDays', 'Backup retention (days)', 7, 0, 35),
      ...(isSqlServer ? [] : [strProp('database', 'Database name', 'app')]),
      strProp('username', 'Admin user', 'dbadmin'),
      boolProp('deletionProtection', 'Deletion protection', true),
    ],
    placement: 'subnet',
    port: e.port,
    isNetworked: true,
    naming: {
      rule: 'aws-rds',
      abbreviation: e.kind === 'postgresql' ? 'psql' : e.kind === 'mysql' ? 'mysql' : 'sql',
    },
    emits: { terraform: ['aws_db_instance', 'aws_db_subnet_group', 'aws_db_parameter_group'] },
    terraform: (ctx) => {
      const local = ctx.node.local;
      const groups = ownSecurityGroup(ctx, `${e.name} ${ctx.node.name}`);
      const subnetGroup = ctx.resource('aws_db_subnet_group', local, {
        name: ctx.name('subnets'),
        subnet_ids: subnetRefs(ctx),
        tags: ctx.tags(),
      });
      const key = kmsKeyOf(ctx);
      const params = tlsParameters(ctx, e);
      const db = ctx.resource('aws_db_instance', local, {
        identifier: ctx.name(),
        engine: ctx.prop('engine'),
        engine_version: ctx.prop('version'),
        ...(isSqlServer
          ? { license_model: 'license-included' }
          : { db_name: ctx.prop('database') }),
        instance_class: ctx.prop('instanceClass'),
        allocated_storage: ctx.prop('storage'),
        max_allocated_storage: ctx.prop('maxStorage'),
        storage_type: 'gp3',
        storage_encrypted: true,
        ...(key ? { kms_key_id: key } : {}),
        username: ctx.prop('username'),
        // RDS generates the password into Secrets Manager and rotates it: it never enters the
        // Terraform state (policy aws-rds-managed-password).
        manage_master_user_password: true,
        ...(key ? { master_user_secret_kms_key_id: key } : {}),
        port: e.port,
        db_subnet_group_name: ref(subnetGroup.address, 'name'),
        parameter_group_name: ref(params.address, 'name'),
        vpc_security_group_ids: groups,
        multi_az: ctx.prop('multiAz'),
        backup_retention_period: ctx.prop('backupDays'),
        publicly_accessible: false,
        deletion_protection: ctx.prop('deletionProtection'),
        skip_final_snapshot: false,
        final_snapshot_identifier: tpl(ctx.name(), '-final'),
        tags: ctx.tags(),
      });
      ctx.output('endpoint', `Endpoint of ${ctx.node.name}`, ref(db.address, 'address'));
      ctx.output('port', `Port of ${ctx.node.name}`, ref(db.address, 'port'));
      ctx.output(
        'master_user_secret_arn',
        `Secrets Manager secret holding the admin credentials of ${ctx.node.name}`,
        ref(db.address, 'master_user_secret[0].secret_arn'),
      );
    },
  });
}

export const awsRdsPostgres = rds({
  id: 'aws.rds-postgresql',
  kind: 'postgresql',
  name: 'RDS for PostgreSQL',
  engines: ['postgres'],
  versions: ['17', '16', '15', '14'],
  classes: RDS_CLASSES,
  port: 5432,
});

export const awsRdsMysql = rds({
  id: 'aws.rds-mysql',
  kind: 'mysql',
  name: 'RDS for MySQL',
  engines: ['mysql'],
  versions: ['8.4', '8.0'],
  classes: RDS_CLASSES,
  port: 3306,
});

export const awsRdsSqlServer = rds({
  id: 'aws.rds-sqlserver',
  kind: 'sqlserver',
  name: 'RDS for SQL Server',
  engines: ['sqlserver-ex', 'sqlserver-web', 'sqlserver-se', 'sqlserver-ee'],
  // Major versions (SQL Server 2022, 2019, 2017): RDS takes the newest minor of each.
  versions: ['16.00', '15.00', '14.00'],
  classes: RDS_SQLSERVER_CLASSES,
  port: 1433,
});

export const awsDynamoDb = defineService({
  id: 'aws.dynamodb',
  cloud: 'aws',
  kind: 'nosql',
  name: 'DynamoDB table',
  category: 'databases',
  description: 'Serverless key-value table with point-in-time recovery and encryption.',
  icon: 'aws-dynamodb',
  properties: [
    strProp('hashKey', 'Partition key', 'pk'),
    strProp('rangeKey', 'Sort key (empty: none)', 'sk'),
    enumProp('billingMode', 'Billing mode', ['PAY_PER_REQUEST', 'PROVISIONED'], 'PAY_PER_REQUEST'),
    numProp('readCapacity', 'Read capacity (provisioned)', 5, 1, 40000),
    numProp('writeCapacity', 'Write capacity (provisioned)', 5, 1, 40000),
  ],
  placement: 'none',
  naming: { rule: 'aws-generic', abbreviation: 'ddb' },
  emits: { terraform: ['aws_dynamodb_table'] },
  dataActions: [
    'dynamodb:GetItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:Query',
    'dynamodb:BatchGetItem',
    'dynamodb:BatchWriteItem',
  ],
  terraform: (ctx) => {
    const hash = ctx.value('hashKey');
    const range = ctx.value('rangeKey');
    const provisioned = ctx.value('billingMode') === 'PROVISIONED';
    const key = kmsKeyOf(ctx);
    const table = ctx.resource('aws_dynamodb_table', ctx.node.local, {
      name: ctx.name(),
      billing_mode: ctx.prop('billingMode'),
      hash_key: hash,
      ...(range ? { range_key: range } : {}),
      ...(provisioned
        ? { read_capacity: ctx.prop('readCapacity'), write_capacity: ctx.prop('writeCapacity') }
        : {}),
      tags: ctx.tags(),
      attribute: [hash, ...(range ? [range] : [])].map((name) => block({ name, type: 'S' })),
      point_in_time_recovery: block({ enabled: true }),
      server_side_encryption: block(key ? { enabled: true, kms_key_arn: key } : { enabled: true }),
    });
    ctx.output('table_name', `Name of table ${ctx.node.name}`, ref(table.address, 'name'));
  },
});

export const awsElastiCache = defineService({
  id: 'aws.elasticache',
  cloud: 'aws',
  kind: 'cache',
  name: 'ElastiCache (Valkey/Redis)',
  category: 'databases',
  description:
    'In-memory cache replication group, encrypted in transit and at rest, with an auth token.',
  icon: 'aws-elasticache',
  properties: [
    enumProp('engine', 'Engine', ['valkey', 'redis'], 'valkey'),
    enumProp('version', 'Engine version', ['8.0', '7.2'], '8.0'),
    enumProp('nodeType', 'Node type', CACHE_NODE_TYPES, 'cache.t4g.small'),
    numProp('nodes', 'Nodes', 2, 1, 6),
  ],
  placement: 'subnet',
  port: 6379,
  isNetworked: true,
  naming: { rule: 'aws-elasticache', abbreviation: 'redis' },
  emits: {
    terraform: [
      'aws_elasticache_replication_group',
      'aws_elasticache_subnet_group',
      'aws_secretsmanager_secret',
      'aws_secretsmanager_secret_version',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const groups = ownSecurityGroup(ctx, `Cache ${ctx.node.name}`);
    const token = ctx.variable({
      name: `${local}_auth_token`,
      type: 'string',
      description: `Auth token (16-128 characters) of cache ${ctx.node.name}.`,
      sensitive: true,
    });
    const subnetGroup = ctx.resource('aws_elasticache_subnet_group', local, {
      name: ctx.name('subnets'),
      subnet_ids: subnetRefs(ctx),
      tags: ctx.tags(),
    });
    const multi = ctx.value<number>('nodes') > 1;
    const group = ctx.resource('aws_elasticache_replication_group', local, {
      replication_group_id: ctx.name(),
      description: `Cache ${ctx.node.name}`,
      engine: ctx.prop('engine'),
      engine_version: ctx.prop('version'),
      node_type: ctx.prop('nodeType'),
      num_cache_clusters: ctx.prop('nodes'),
      automatic_failover_enabled: multi,
      multi_az_enabled: multi,
      port: 6379,
      subnet_group_name: ref(subnetGroup.address, 'name'),
      security_group_ids: groups,
      at_rest_encryption_enabled: true,
      transit_encryption_enabled: true,
      auth_token: token,
      tags: ctx.tags(),
    });
    // Clients sign in with the token (AUTH over TLS), read from a secret (client-secret.ts).
    writeClientSecret(
      ctx,
      token,
      `Auth token of cache ${ctx.node.name}`,
      `${group.address}.auth_token`,
    );
    ctx.output(
      'endpoint',
      `Primary endpoint of ${ctx.node.name}`,
      ref(group.address, 'primary_endpoint_address'),
    );
  },
});
