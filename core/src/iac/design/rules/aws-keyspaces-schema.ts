import { num, type TPropertyFinding, type TPropertyRule, type TProps } from './rule';

/** A Keyspaces column as the catalog's `columns` property writes it: `name:type`. */
export const KEYSPACES_COLUMN = /^([A-Za-z][A-Za-z0-9_]{0,47}):(.+)$/;

/** CQL types Keyspaces accepts for a column, and collections of them (list, set, map). */
const CQL_TYPES = new Set([
  'ascii',
  'bigint',
  'blob',
  'boolean',
  'counter',
  'date',
  'decimal',
  'double',
  'float',
  'inet',
  'int',
  'smallint',
  'text',
  'time',
  'timestamp',
  'timeuuid',
  'tinyint',
  'uuid',
  'varchar',
  'varint',
]);
const isCqlType = (type: string): boolean => {
  const m = /^(?:list|set)<\s*(\w+)\s*>$|^map<\s*(\w+)\s*,\s*(\w+)\s*>$/.exec(type);
  if (!m) return CQL_TYPES.has(type);
  return [m[1], m[2], m[3]].every((t) => t === undefined || (CQL_TYPES.has(t) && t !== 'counter'));
};

const list = (props: TProps, key: string): string[] => {
  const v = props[key];
  return Array.isArray(v) ? v.map((s) => s.trim()) : [];
};

/**
 * A Keyspaces table's schema: `name:type` columns, at least one partition key column, key
 * columns among the columns and in one key only; a default TTL only on a table with TTL on.
 */
export const awsKeyspacesSchema: TPropertyRule = {
  id: 'aws-keyspaces-schema',
  services: ['aws.keyspaces'],
  source:
    'Amazon Keyspaces developer guide, "Supported Cassandra data types", "Quotas" (names 1-48 characters) and "Expire data with Time to Live" (default TTL needs TTL enabled); CreateTable SchemaDefinition (partitionKeys required)',
  check: (props) => {
    const findings: TPropertyFinding[] = [];
    const names: string[] = [];
    for (const entry of list(props, 'columns')) {
      const m = KEYSPACES_COLUMN.exec(entry);
      if (!m || !isCqlType(m[2]!.trim())) {
        findings.push({
          key: 'columns',
          message: `column "${entry}" must be name:type, the name 1-48 letters, digits and _ starting with a letter, the type a CQL type (text, int, bigint, timestamp, uuid, list<text>...)`,
        });
      } else if (names.includes(m[1]!)) {
        findings.push({ key: 'columns', message: `column ${m[1]} is declared twice` });
      } else names.push(m[1]!);
    }
    const partition = list(props, 'partitionKey');
    if (partition.length === 0) {
      findings.push({
        key: 'partitionKey',
        message: 'partitionKey needs at least one column: name one of the columns',
      });
    }
    const clustering = list(props, 'clusteringKey');
    for (const [key, cols] of [
      ['partitionKey', partition],
      ['clusteringKey', clustering],
    ] as const) {
      const missing = cols.filter((c) => !names.includes(c));
      if (missing.length > 0) {
        findings.push({
          key,
          message: `${key} names ${missing.join(', ')}, not among the columns: add it to columns or remove it from ${key}`,
        });
      }
    }
    const both = clustering.filter((c) => partition.includes(c));
    if (both.length > 0) {
      findings.push({
        key: 'clusteringKey',
        message: `${both.join(', ')} is already in partitionKey: a column belongs to one key only`,
      });
    }
    if (num(props, 'defaultTtl') > 0 && props['ttl'] !== true) {
      findings.push({
        key: 'defaultTtl',
        message: `defaultTtl ${num(props, 'defaultTtl')} needs ttl on: turn ttl on, or set defaultTtl to 0`,
      });
    }
    return findings;
  },
};
