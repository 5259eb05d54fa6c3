import { describe, expect, it } from 'vitest';
import { findService } from '../../catalog/registry';
import type { TPropertyValue } from '../../types';
import { awsFirehosePrefixes } from './aws-firehose-prefixes';
import { awsKeyspacesSchema } from './aws-keyspaces-schema';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';

/** Findings of a rule on the service's defaults with `props` applied. */
function findings(
  rule: typeof awsKeyspacesSchema,
  service: string,
  props: Record<string, TPropertyValue>,
) {
  const defaults = Object.fromEntries(
    (findService(service)?.properties ?? []).map((p) => [p.key, p.default]),
  );
  return rule.check({ ...defaults, ...props }, { service }).map((f) => `${f.key}: ${f.message}`);
}

describe('aws-keyspaces-schema', () => {
  it('accepts the default schema', () => {
    expect(findings(awsKeyspacesSchema, 'aws.keyspaces', {})).toEqual([]);
    expect(
      findings(awsKeyspacesSchema, 'aws.keyspaces', {
        columns: ['id:uuid', 'tags:set<text>', 'attrs:map<text, int>'],
        partitionKey: ['id'],
        clusteringKey: [],
      }),
    ).toEqual([]);
  });

  it('refuses key columns that are not columns, in both keys, or no partition key', () => {
    expect(
      findings(awsKeyspacesSchema, 'aws.keyspaces', {
        partitionKey: [],
        clusteringKey: ['ts', 'day'],
      }),
    ).toEqual([
      'partitionKey: partitionKey needs at least one column: name one of the columns',
      'clusteringKey: clusteringKey names day, not among the columns: add it to columns or remove it from clusteringKey',
    ]);
    expect(findings(awsKeyspacesSchema, 'aws.keyspaces', { clusteringKey: ['device_id'] })).toEqual(
      ['clusteringKey: device_id is already in partitionKey: a column belongs to one key only'],
    );
  });

  it('refuses columns without a CQL type or declared twice', () => {
    expect(
      findings(awsKeyspacesSchema, 'aws.keyspaces', {
        columns: ['device_id:text', 'ts:timestamp', 'ts:text', 'payload:string'],
      }),
    ).toEqual([
      'columns: column ts is declared twice',
      expect.stringMatching(/^columns: column "payload:string" must be name:type/),
    ]);
  });

  it('refuses a default TTL on a table without TTL, through the design validator', () => {
    const parsed = parseDesign({
      v: 2,
      name: 'ks',
      provider: 'aws',
      region: 'eu-west-1',
      components: [
        { id: 'ks', service: 'aws.keyspaces', name: 'ks', properties: { defaultTtl: 3600 } },
      ],
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    expect(
      validateDesign(parsed.design)
        .filter((i) => i.severity === 'error')
        .map((i) => `${i.path}: ${i.message}`),
    ).toEqual([
      'components[0].properties.defaultTtl: defaultTtl 3600 needs ttl on: turn ttl on, or set defaultTtl to 0',
    ]);
    expect(findings(awsKeyspacesSchema, 'aws.keyspaces', { ttl: true, defaultTtl: 3600 })).toEqual(
      [],
    );
  });
});

describe('aws-firehose-prefixes', () => {
  it('accepts the default prefixes', () => {
    expect(findings(awsFirehosePrefixes, 'aws.firehose', {})).toEqual([]);
  });

  it('asks for an error prefix with the error type when prefixes use expressions', () => {
    expect(
      findings(awsFirehosePrefixes, 'aws.firehose', {
        prefix: 'logs/!{timestamp:yyyy/MM/dd}/',
        errorPrefix: '',
      }),
    ).toEqual([
      'errorPrefix: prefix "logs/!{timestamp:yyyy/MM/dd}/" uses expressions, so errorPrefix must be set: for example errors/!{firehose:error-output-type}/',
    ]);
    expect(
      findings(awsFirehosePrefixes, 'aws.firehose', { errorPrefix: 'errors/!{timestamp:yyyy}/' }),
    ).toEqual([
      'errorPrefix: errorPrefix "errors/!{timestamp:yyyy}/" uses expressions, so it must contain !{firehose:error-output-type}',
    ]);
    expect(
      findings(awsFirehosePrefixes, 'aws.firehose', {
        prefix: 'logs/!{firehose:error-output-type}/',
      }),
    ).toEqual(['prefix: prefix cannot use !{firehose:error-output-type}: move it to errorPrefix']);
  });
});
