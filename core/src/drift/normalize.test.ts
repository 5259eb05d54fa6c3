import { describe, expect, it } from 'vitest';
import { compareResource, isEmptyValue, jsonStringsEquivalent } from './normalize';
import { NOISE_RULES } from './noise';
import type { TNoiseCounts } from './noise';

function compare(
  desired: Record<string, unknown>,
  actual: Record<string, unknown>,
  type = 'aws_thing',
) {
  const noise: TNoiseCounts = {};
  const changes = compareResource(type, desired, actual, noise);
  return { changes, noise };
}

describe('noise rules (each named and counted)', () => {
  it('empty-equivalent: null, {}, [], "" and a list of one empty block are all "unset"', () => {
    const r = compare(
      { a: null, b: [], c: '', d: null, e: [{ x: null, y: [] }], f: { k: 'v' } },
      { a: {}, b: null, c: null, d: [], e: null, f: { k: 'v' } },
    );
    expect(r.changes).toEqual([]);
    expect(r.noise).toEqual({ 'empty-equivalent': 5 });
  });

  it('a map key with an empty value is still a key; a value is never "unset"', () => {
    expect(compare({ tags: null }, { tags: { Env: '' } }).changes).toEqual([
      { path: ['tags', 'Env'], before: undefined, after: '' },
    ]);
    expect(compare({ n: null }, { n: 0 }).changes).toHaveLength(1);
    expect(compare({ b: null }, { b: false }).changes).toHaveLength(1);
    expect(isEmptyValue({ Env: '' })).toBe(false);
    expect(isEmptyValue([{ Env: '' }])).toBe(true);
  });

  it('timeouts: never drift', () => {
    const r = compare({ timeouts: null }, { timeouts: { create: '10m' } });
    expect(r).toEqual({ changes: [], noise: { timeouts: 1 } });
  });

  it('terraform-only: set aside when the read has nothing, drift when it has another value', () => {
    expect(
      compare(
        { skip_final_snapshot: true, password: 'x' },
        { skip_final_snapshot: null, password: null },
        'aws_db_instance',
      ),
    ).toEqual({
      changes: [],
      noise: { 'terraform-only': 2 },
    });
    expect(compare({ force_destroy: false }, { force_destroy: true }).changes).toHaveLength(1);
    expect(compare({ filename: 'a.zip' }, { filename: null }, 'aws_lambda_function').noise).toEqual(
      { 'terraform-only': 1 },
    );
  });

  it('not-returned / not-in-state: an attribute one side does not have at all is not compared', () => {
    expect(compare({ a: 1 }, {})).toEqual({ changes: [], noise: { 'not-returned': 1 } });
    expect(compare({}, { b: 'new' })).toEqual({ changes: [], noise: { 'not-in-state': 1 } });
  });

  it('masked: `*******` and `(sensitive value)` are never compared', () => {
    expect(compare({ a: 'secret' }, { a: '*******' })).toEqual({
      changes: [],
      noise: { masked: 1 },
    });
  });

  it('computed-informational: a record-set count', () => {
    expect(
      compare(
        { number_of_record_sets: 1 },
        { number_of_record_sets: 5 },
        'azurerm_private_dns_zone',
      ).noise,
    ).toEqual({
      'computed-informational': 1,
    });
  });

  it('azure-id-case: ids differing only in case are the same', () => {
    const id = '/subscriptions/1/resourceGroups/RG/providers/Microsoft.Network/virtualNetworks/v';
    expect(compare({ vnet_id: id }, { vnet_id: id.toLowerCase() }).noise).toEqual({
      'azure-id-case': 1,
    });
    expect(compare({ name: 'RG' }, { name: 'rg' }).changes).toHaveLength(1);
  });

  it('tags-all: a tag that differs in tags and tags_all is one drift', () => {
    const r = compare(
      { tags: { a: '1' }, tags_all: { a: '1', d: 'x' } },
      { tags: { a: '2' }, tags_all: { a: '2', d: 'y' } },
    );
    expect(r.changes.map((c) => c.path.join('.'))).toEqual(['tags.a', 'tags_all.d']);
    expect(r.noise).toEqual({ 'tags-all': 1 });
  });

  it('json-equivalent: a policy with other spacing, key order, or "x" for ["x"]', () => {
    const a =
      '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"s3:GetObject","Resource":["arn:a","arn:b"]}]}';
    const b =
      '{ "Statement": [ { "Resource": ["arn:b", "arn:a"], "Action": ["s3:GetObject"], "Effect": "Allow" } ], "Version": "2012-10-17" }';
    expect(compare({ policy: a }, { policy: b })).toEqual({
      changes: [],
      noise: { 'json-equivalent': 1 },
    });
    expect(jsonStringsEquivalent('[1,2]', '[2,1]')).toBe(false);
    expect(compare({ policy: a }, { policy: '' }).changes).toHaveLength(1);
  });

  it('scalar-as-string: 8 ≡ "8" and true ≡ "true", but not "08"', () => {
    expect(compare({ size: 8, on: true }, { size: '8', on: 'true' }).noise).toEqual({
      'scalar-as-string': 2,
    });
    expect(compare({ size: 8 }, { size: '08' }).changes).toHaveLength(1);
  });

  it('order-only: a list with the same elements in another order', () => {
    expect(compare({ ids: ['a', 'b'] }, { ids: ['b', 'a'] })).toEqual({
      changes: [],
      noise: { 'order-only': 1 },
    });
    expect(compare({ ids: ['a', 'b'] }, { ids: ['a', 'c'] }).changes).toEqual([
      { path: ['ids'], before: ['a', 'b'], after: ['a', 'c'] },
    ]);
  });

  it('every rule the engine counts is documented', () => {
    const rules = Object.keys(NOISE_RULES);
    for (const r of [
      'empty-equivalent',
      'timeouts',
      'terraform-only',
      'masked',
      'refresh-equal',
      'no-effect',
      'server-populated',
      'duplicate-entry',
      'azure-id-case',
    ]) {
      expect(rules).toContain(r);
    }
  });
});

describe('differences', () => {
  it('a map key whose value is null is no key at all', () => {
    expect(compare({ config: { a: null, b: 'x' } }, { config: { b: 'x' } })).toEqual({
      changes: [],
      noise: { 'empty-equivalent': 1 },
    });
  });

  it('reports one changed block of a reordered set once', () => {
    const r = compare(
      {
        ingress: [
          { port: 22, cidr: '10.0.0.0/8' },
          { port: 443, cidr: '0.0.0.0/0' },
        ],
      },
      {
        ingress: [
          { port: 443, cidr: '0.0.0.0/0' },
          { port: 22, cidr: '0.0.0.0/0' },
        ],
      },
    );
    expect(r.changes).toEqual([
      { path: ['ingress', 0, 'cidr'], before: '10.0.0.0/8', after: '0.0.0.0/0' },
    ]);
  });

  it('reports block changes with their index and a removed block element', () => {
    const r = compare(
      {
        ttl: [{ enabled: false, attribute_name: '' }],
        replica: [{ region_name: 'a' }, { region_name: 'b' }],
      },
      { ttl: [{ enabled: true, attribute_name: 'x' }], replica: [{ region_name: 'a' }] },
    );
    expect(r.changes).toEqual([
      { path: ['replica', 1], before: { region_name: 'b' }, after: undefined },
      { path: ['ttl', 0, 'attribute_name'], before: '', after: 'x' },
      { path: ['ttl', 0, 'enabled'], before: false, after: true },
    ]);
  });

  it('keeps exact keys: "tag " and "tag" differ', () => {
    expect(compare({ tags: { tag: 'v' } }, { tags: { 'tag ': 'v' } }).changes).toEqual([
      { path: ['tags', 'tag'], before: 'v', after: undefined },
      { path: ['tags', 'tag '], before: undefined, after: 'v' },
    ]);
  });
});
