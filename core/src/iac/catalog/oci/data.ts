import { defineService, type TServiceDefinition } from '../service';
import { boolProp, enumProp, numProp, strProp } from '../properties';
import { block, ref, tpl, type TTfBody } from '../../ir/terraform-ir';
import { availabilityDomain, compartment, nsgIds, subnetId, vcnCidr } from './shared';

/** OCI data services: Object Storage, File Storage, PostgreSQL, HeatWave MySQL, NoSQL, Cache. */
export const ociBucket = defineService({
  id: 'oci.object-storage',
  cloud: 'oci',
  kind: 'object-storage',
  name: 'Object Storage bucket',
  category: 'storage',
  description: 'Private bucket with versioning in the tenancy namespace.',
  icon: 'oci-object-storage',
  properties: [
    enumProp('tier', 'Storage tier', ['Standard', 'Archive'], 'Standard'),
    boolProp('versioning', 'Versioning', true),
  ],
  placement: 'none',
  naming: { rule: 'oci-bucket', abbreviation: 'bkt' },
  emits: { terraform: ['oci_objectstorage_bucket'] },
  terraform: (ctx) => {
    const ns = ctx.data('oci_objectstorage_namespace', 'this', { compartment_id: compartment() });
    const bucket = ctx.resource('oci_objectstorage_bucket', ctx.node.local, {
      compartment_id: compartment(),
      name: ctx.name(),
      namespace: ref(ns.address, 'namespace'),
      access_type: 'NoPublicAccess',
      storage_tier: ctx.prop('tier'),
      versioning: ctx.prop('versioning', (v) => (v === true ? 'Enabled' : 'Disabled')),
      // Events rules that watch the bucket need its object events.
      ...(ctx.incoming().some((e) => e.node.service.kind === 'event-bus')
        ? { object_events_enabled: true }
        : {}),
      freeform_tags: ctx.tags(),
    });
    ctx.output('bucket', `Name of bucket ${ctx.node.name}`, ref(bucket.address, 'name'));
  },
});

export const ociPostgres = defineService({
  id: 'oci.postgresql',
  cloud: 'oci',
  kind: 'postgresql',
  name: 'OCI Database with PostgreSQL',
  category: 'databases',
  description: 'Managed PostgreSQL DB system in a private subnet with regionally durable storage.',
  icon: 'oci-postgresql',
  properties: [
    enumProp('version', 'Version', ['16', '15', '14'], '16'),
    enumProp(
      'shape',
      'Shape',
      ['PostgreSQL.VM.Standard.E5.Flex', 'PostgreSQL.VM.Standard.E4.Flex'],
      'PostgreSQL.VM.Standard.E5.Flex',
    ),
    numProp('ocpus', 'OCPUs', 2, 1, 64),
    numProp('memoryGb', 'Memory (GB)', 32, 16, 1024),
    numProp('instances', 'Nodes', 1, 1, 4),
    strProp('adminUser', 'Admin user', 'pgadmin'),
  ],
  placement: 'subnet',
  port: 5432,
  naming: { rule: 'oci-display', abbreviation: 'psql' },
  emits: { terraform: ['oci_psql_db_system'] },
  terraform: (ctx) => {
    const db = ctx.resource('oci_psql_db_system', ctx.node.local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      db_version: ctx.prop('version'),
      shape: ctx.prop('shape'),
      instance_ocpu_count: ctx.prop('ocpus'),
      instance_memory_size_in_gbs: ctx.prop('memoryGb'),
      instance_count: ctx.prop('instances'),
      freeform_tags: ctx.tags(),
      network_details: block({ subnet_id: subnetId(ctx, ctx.subnets()[0]!), ...nsgBlock(ctx) }),
      storage_details: block({ is_regionally_durable: true, system_type: 'OCI_OPTIMIZED_STORAGE' }),
      credentials: block({
        username: ctx.prop('adminUser'),
        password_details: block({
          password_type: 'PLAIN_TEXT',
          password: ctx.variable({
            name: `${ctx.node.local}_admin_password`,
            type: 'string',
            description: `Admin password of ${ctx.node.name}.`,
            sensitive: true,
          }),
        }),
      }),
    });
    ctx.output('db_system_id', `OCID of ${ctx.node.name}`, ref(db.address, 'id'));
  },
});

const nsgBlock = (ctx: Parameters<TServiceDefinition['terraform']>[0]): TTfBody => {
  const ids = nsgIds(ctx);
  return ids.length > 0 ? { nsg_ids: ids } : {};
};

export const ociMysql = defineService({
  id: 'oci.mysql-heatwave',
  cloud: 'oci',
  kind: 'mysql',
  name: 'HeatWave MySQL DB system',
  category: 'databases',
  description: 'Managed MySQL DB system in a private subnet with automatic backups.',
  icon: 'oci-mysql',
  properties: [
    enumProp('shape', 'Shape', ['MySQL.2', 'MySQL.4', 'MySQL.8', 'MySQL.16'], 'MySQL.2'),
    numProp('storageGb', 'Storage (GB)', 50, 50, 131072),
    boolProp('highlyAvailable', 'High availability', false),
    numProp('backupDays', 'Backup retention (days)', 7, 1, 35),
    strProp('adminUser', 'Admin user', 'mysqladmin'),
  ],
  placement: 'subnet',
  port: 3306,
  naming: { rule: 'oci-display', abbreviation: 'mysql' },
  emits: { terraform: ['oci_mysql_mysql_db_system'] },
  terraform: (ctx) => {
    const db = ctx.resource('oci_mysql_mysql_db_system', ctx.node.local, {
      availability_domain: availabilityDomain(ctx),
      compartment_id: compartment(),
      display_name: ctx.name(),
      shape_name: ctx.prop('shape'),
      subnet_id: subnetId(ctx, ctx.subnets()[0]!),
      data_storage_size_in_gb: ctx.prop('storageGb'),
      is_highly_available: ctx.prop('highlyAvailable'),
      admin_username: ctx.prop('adminUser'),
      admin_password: ctx.variable({
        name: `${ctx.node.local}_admin_password`,
        type: 'string',
        description: `Admin password of ${ctx.node.name}.`,
        sensitive: true,
      }),
      ...nsgBlock(ctx),
      freeform_tags: ctx.tags(),
      backup_policy: block({ is_enabled: true, retention_in_days: ctx.prop('backupDays') }),
    });
    ctx.output('endpoint', `Address of ${ctx.node.name}`, ref(db.address, 'ip_address'));
  },
});

export const ociFileStorage = defineService({
  id: 'oci.file-storage',
  cloud: 'oci',
  kind: 'file-storage',
  name: 'File Storage file system',
  category: 'storage',
  description:
    'NFS file system with a mount target in a private subnet and an export open to the VCN.',
  icon: 'oci-file-storage',
  properties: [
    enumProp('access', 'Export access', ['READ_WRITE', 'READ_ONLY'], 'READ_WRITE'),
    enumProp('squash', 'Identity squash', ['NONE', 'ROOT', 'ALL'], 'ROOT'),
  ],
  placement: 'subnet',
  port: 2049,
  naming: { rule: 'oci-display', abbreviation: 'fss' },
  emits: {
    terraform: [
      'oci_file_storage_file_system',
      'oci_file_storage_mount_target',
      'oci_file_storage_export',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const fs = ctx.resource('oci_file_storage_file_system', local, {
      availability_domain: availabilityDomain(ctx),
      compartment_id: compartment(),
      display_name: ctx.name(),
      freeform_tags: ctx.tags(),
    });
    const mt = ctx.resource('oci_file_storage_mount_target', local, {
      availability_domain: availabilityDomain(ctx),
      compartment_id: compartment(),
      subnet_id: subnetId(ctx, ctx.subnets()[0]!),
      display_name: ctx.name('mt'),
      ...nsgBlock(ctx),
      freeform_tags: ctx.tags(),
    });
    ctx.resource('oci_file_storage_export', local, {
      export_set_id: ref(mt.address, 'export_set_id'),
      file_system_id: ref(fs.address, 'id'),
      path: `/${ctx.node.local.replace(/_/g, '-')}`,
      export_options: block({
        source: vcnCidr(ctx),
        access: ctx.prop('access'),
        identity_squash: ctx.prop('squash'),
        require_privileged_source_port: true,
      }),
    });
    ctx.output(
      'mount_ip',
      `Mount target address of ${ctx.node.name}`,
      ref(mt.address, 'ip_address'),
    );
  },
});

export const ociNosql = defineService({
  id: 'oci.nosql-table',
  cloud: 'oci',
  kind: 'nosql',
  name: 'NoSQL Database table',
  category: 'databases',
  description:
    'NoSQL table keyed by a string id with a JSON document, with provisioned read, write and storage limits.',
  icon: 'oci-nosql',
  properties: [
    numProp('readUnits', 'Read units', 50, 1, 40000),
    numProp('writeUnits', 'Write units', 50, 1, 20000),
    numProp('storageGb', 'Storage (GB)', 25, 1, 5000),
    strProp('key', 'Primary key column', 'id'),
  ],
  placement: 'none',
  naming: { rule: 'oci-nosql-table', abbreviation: 'tbl' },
  emits: { terraform: ['oci_nosql_table'] },
  terraform: (ctx) => {
    const name = ctx.name();
    const key = ctx.value('key').replace(/[^A-Za-z0-9_]/g, '_') || 'id';
    const table = ctx.resource('oci_nosql_table', ctx.node.local, {
      compartment_id: compartment(),
      name,
      ddl_statement: tpl(
        'CREATE TABLE IF NOT EXISTS ',
        name,
        ` (${key} STRING, doc JSON, PRIMARY KEY (${key}))`,
      ),
      freeform_tags: ctx.tags(),
      table_limits: block({
        capacity_mode: 'PROVISIONED',
        max_read_units: ctx.prop('readUnits'),
        max_write_units: ctx.prop('writeUnits'),
        max_storage_in_gbs: ctx.prop('storageGb'),
      }),
    });
    ctx.output('table_id', `OCID of table ${ctx.node.name}`, ref(table.address, 'id'));
  },
});

export const ociCache = defineService({
  id: 'oci.cache',
  cloud: 'oci',
  kind: 'cache',
  name: 'OCI Cache cluster',
  category: 'databases',
  description:
    'Managed Valkey or Redis cluster (non-sharded: a primary and replicas) in a private subnet.',
  icon: 'oci-cache',
  properties: [
    enumProp('version', 'Engine version', ['VALKEY_7_2', 'REDIS_7_0'], 'VALKEY_7_2'),
    numProp('nodes', 'Nodes', 3, 1, 5),
    numProp('memoryGb', 'Memory per node (GB)', 8, 2, 500),
  ],
  placement: 'subnet',
  port: 6379,
  naming: { rule: 'oci-display', abbreviation: 'redis' },
  emits: { terraform: ['oci_redis_redis_cluster'] },
  terraform: (ctx) => {
    const cache = ctx.resource('oci_redis_redis_cluster', ctx.node.local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      cluster_mode: 'NONSHARDED',
      software_version: ctx.prop('version'),
      node_count: ctx.prop('nodes'),
      node_memory_in_gbs: ctx.prop('memoryGb'),
      subnet_id: subnetId(ctx, ctx.subnets()[0]!),
      ...nsgBlock(ctx),
      freeform_tags: ctx.tags(),
    });
    ctx.output(
      'primary_fqdn',
      `Primary endpoint of ${ctx.node.name}`,
      ref(cache.address, 'primary_fqdn'),
    );
  },
});
