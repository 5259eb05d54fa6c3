import { defineService } from '../service';
import { boolProp, enumProp, listProp, numProp, strProp } from '../properties';
import { block, ref, tfVar, tpl } from '../../ir/terraform-ir';
import { kmsKeyOf } from './shared';
import { KEYSPACES_COLUMN } from '../../design/rules/aws-keyspaces-schema';

/**
 * Amazon Keyspaces (for Apache Cassandra): a keyspace and one table whose schema the properties
 * describe. Columns are `name:type` (CQL types); key columns must be among them.
 */
/** `name:type` entries as Terraform column blocks (a bare name is a text column). */
export function keyspacesColumns(entries: readonly string[]): { name: string; type: string }[] {
  return entries.map((entry) => {
    const m = KEYSPACES_COLUMN.exec(entry.trim());
    return m ? { name: m[1]!, type: m[2]!.trim() } : { name: entry.trim(), type: 'text' };
  });
}

export const awsKeyspaces = defineService({
  id: 'aws.keyspaces',
  cloud: 'aws',
  kind: 'wide-column',
  name: 'Keyspaces table',
  category: 'databases',
  description:
    'Amazon Keyspaces (Cassandra-compatible) keyspace and table with its schema: on-demand or provisioned capacity, point-in-time recovery, encryption with the connected KMS key (else an AWS-owned key), optional row expiry (TTL). Connected compute gets cassandra:Select and Modify on the table.',
  icon: 'aws-keyspaces',
  properties: [
    strProp('table', 'Table name', 'events'),
    listProp('columns', 'Columns (name:type, CQL types)', [
      'device_id:text',
      'ts:timestamp',
      'payload:text',
    ]),
    listProp('partitionKey', 'Partition key columns', ['device_id']),
    listProp('clusteringKey', 'Clustering columns', ['ts']),
    enumProp('clusteringOrder', 'Clustering order', ['ASC', 'DESC'], 'DESC'),
    enumProp(
      'capacityMode',
      'Capacity mode',
      ['PAY_PER_REQUEST', 'PROVISIONED'],
      'PAY_PER_REQUEST',
    ),
    // Default per-table quota: 40,000 read and 40,000 write capacity units.
    numProp('readCapacity', 'Read capacity units (provisioned)', 5, 1, 40000),
    numProp('writeCapacity', 'Write capacity units (provisioned)', 5, 1, 40000),
    // Keyspaces cannot turn TTL off again once a table has it.
    boolProp('ttl', 'Row expiry (TTL; cannot be turned off later)', false),
    // default_time_to_live: 0 (none) to 630,720,000 seconds (20 years).
    numProp('defaultTtl', 'Default TTL (s, 0: none)', 0, 0, 630720000),
  ],
  placement: 'none',
  port: 9142,
  naming: { rule: 'aws-keyspaces', abbreviation: 'ks' },
  emits: { terraform: ['aws_keyspaces_keyspace', 'aws_keyspaces_table'] },
  dataActions: ['cassandra:Select', 'cassandra:Modify'],
  terraform: (ctx) => {
    const local = ctx.node.local;
    const key = kmsKeyOf(ctx);
    const provisioned = ctx.value('capacityMode') === 'PROVISIONED';
    const ttl = ctx.value<boolean>('ttl');
    const keyspace = ctx.resource('aws_keyspaces_keyspace', local, {
      name: ctx.name(),
      tags: ctx.tags(),
    });
    const table = ctx.resource('aws_keyspaces_table', local, {
      keyspace_name: ref(keyspace.address, 'name'),
      table_name: ctx.prop('table'),
      schema_definition: block({
        column: keyspacesColumns(ctx.value<string[]>('columns')).map((c) => block(c)),
        partition_key: ctx.value<string[]>('partitionKey').map((name) => block({ name })),
        clustering_key: ctx
          .value<string[]>('clusteringKey')
          .map((name) => block({ name, order_by: ctx.prop('clusteringOrder') })),
      }),
      capacity_specification: block(
        provisioned
          ? {
              throughput_mode: 'PROVISIONED',
              read_capacity_units: ctx.prop('readCapacity'),
              write_capacity_units: ctx.prop('writeCapacity'),
            }
          : { throughput_mode: 'PAY_PER_REQUEST' },
      ),
      point_in_time_recovery: block({ status: 'ENABLED' }),
      encryption_specification: block(
        key
          ? { type: 'CUSTOMER_MANAGED_KMS_KEY', kms_key_identifier: key }
          : { type: 'AWS_OWNED_KMS_KEY' },
      ),
      ...(ttl
        ? { ttl: block({ status: 'ENABLED' }), default_time_to_live: ctx.prop('defaultTtl') }
        : {}),
      tags: ctx.tags(),
    });
    ctx.output('keyspace', `Keyspace of ${ctx.node.name}`, ref(keyspace.address, 'name'));
    ctx.output('table', `Table of ${ctx.node.name}`, ref(table.address, 'table_name'));
    ctx.output(
      'endpoint',
      `Keyspaces endpoint of ${ctx.node.name} (TLS on port 9142)`,
      tpl('cassandra.', tfVar('region'), '.amazonaws.com'),
    );
  },
});
