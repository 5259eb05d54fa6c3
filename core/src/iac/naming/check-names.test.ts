import { describe, expect, it } from 'vitest';
import { buildArm } from '../build/arm-build';
import { buildTerraform } from '../build/terraform-build';
import { CLOUD_PROFILES } from '../catalog/registry';
import { prepareDesign } from '../generate';
import { tfVar, tpl, type TTfResource, type TTfValue } from '../ir/terraform-ir';
import { atpl, param } from '../ir/arm-ir';
import { checkNames } from './check-names';
import { createNameFixer, fixTerraformNames } from './name-value';

const resource = (type: string, attr: string, value: TTfValue): TTfResource => ({
  mode: 'resource',
  type,
  name: 'x',
  body: { [attr]: value },
  node: 'x',
  kind: 'vm',
});

describe('name checker', () => {
  it('reports the companion names of the issue under their own type rules', () => {
    const found = checkNames({
      environments: ['dev', 'production'],
      terraform: [
        resource(
          'google_compute_address',
          'name',
          tpl('shop', tfVar('environment'), 'ops-ledger53.ip'),
        ),
        resource('aws_sqs_queue', 'name', tpl('orders-aps2-', tfVar('environment'), '.dlq')),
        resource('google_kms_crypto_key', 'name', tpl('shop', tfVar('environment'), 'x39.key')),
      ],
    });
    expect(found.map((f) => [f.resource, f.env, f.reasons])).toEqual([
      ['google_compute_address.x', 'dev', ["contains '.', allowed: a-z0-9-"]],
      ['google_compute_address.x', 'production', ["contains '.', allowed: a-z0-9-"]],
      ['aws_sqs_queue.x', 'dev', ["contains '.', allowed: A-Za-z0-9_-"]],
      ['aws_sqs_queue.x', 'production', ["contains '.', allowed: A-Za-z0-9_-"]],
      ['google_kms_crypto_key.x', 'dev', ["contains '.', allowed: A-Za-z0-9_-"]],
      ['google_kms_crypto_key.x', 'production', ["contains '.', allowed: A-Za-z0-9_-"]],
    ]);
  });

  it('checks each declared environment: a name sized for dev can be too long for production', () => {
    const name = tpl(
      'web-',
      tfVar('environment'),
      '-mig-frontend-autoscaler-europe-west1-b-01-extra-xy',
    );
    const found = checkNames({
      environments: ['dev', 'production'],
      terraform: [resource('google_compute_region_autoscaler', 'name', name)],
    });
    expect(found.map((f) => [f.env, f.reasons])).toEqual([
      ['production', ['longer than 63 characters (65)']],
    ]);
  });

  it('counts required affixes: alias/ and .fifo are allowed and counted in the limit', () => {
    const found = checkNames({
      environments: ['dev'],
      terraform: [
        resource('aws_kms_alias', 'name', tpl('alias/acme-', tfVar('environment'), '-kms-data')),
        resource('aws_sqs_queue', 'name', `${'q'.repeat(76)}.fifo`),
      ],
    });
    expect(found.map((f) => [f.resource, f.reasons])).toEqual([
      ['aws_sqs_queue.x', ['longer than 75 characters (76)']],
    ]);
  });

  it('checks ARM names, and GKE clusters at 40 characters', () => {
    expect(
      checkNames({
        environments: ['dev'],
        arm: [
          {
            symbol: 'files',
            type: 'Microsoft.Storage/storageAccounts',
            apiVersion: '2025-06-01',
            name: atpl('st-acme-', param('environment'), '-files'),
            body: {},
            node: 'files',
            kind: 'object-storage',
          },
        ],
        terraform: [resource('google_container_cluster', 'name', 'a'.repeat(41))],
      }).map((f) => [f.resource, f.reasons]),
    ).toEqual([
      ['google_container_cluster.x', ['longer than 40 characters (41)']],
      ['files', ["contains '-', allowed: a-z0-9"]],
    ]);
  });
});

describe('built names', () => {
  const build = (design: unknown) => {
    const prepared = prepareDesign(design);
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
    const tf = buildTerraform(
      prepared.resolved,
      CLOUD_PROFILES[prepared.design.provider],
      prepared.names,
    );
    const arm =
      prepared.design.provider === 'azure'
        ? buildArm(prepared.resolved, prepared.names)
        : undefined;
    const environments = prepared.design.environments.map((e) => e.name);
    return { tf, arm, environments };
  };
  const nameOf = (resources: readonly TTfResource[], type: string, attr = 'name') =>
    resources.filter((r) => r.type === type).map((r) => r.body[attr]);

  it('fixes companions to their type: dots become hyphens, long names fit for every environment', () => {
    const { tf, environments } = build({
      v: 2,
      name: 'ledger',
      provider: 'gcp',
      region: 'europe-west1',
      environments: [{ name: 'dev' }, { name: 'uat' }, { name: 'production' }],
      naming: { project: 'shop', pattern: '{project}{env}{name}', separator: '.' },
      groups: [
        { id: 'vpc', service: 'gcp.vpc-network', name: 'main' },
        {
          id: 'sn',
          service: 'gcp.subnetwork',
          name: 'apps',
          parent: 'vpc',
          properties: { cidr: '10.0.0.0/20' },
        },
      ],
      components: [
        { id: 'nlb', service: 'gcp.network-load-balancer', name: 'ops-ledger53', group: 'sn' },
        {
          id: 'mig',
          service: 'gcp.managed-instance-group',
          name: 'frontend-payments-reconciliation-workers',
          group: 'sn',
        },
        { id: 'key', service: 'gcp.cloud-kms', name: 'x39' },
      ],
      connections: [{ from: 'nlb', to: 'mig', type: 'traffic', port: 80 }],
    });
    expect(checkNames({ environments, terraform: tf.resources })).toEqual([]);
    expect(nameOf(tf.resources, 'google_compute_address')).toEqual([
      tpl('shop', tfVar('environment'), 'ops-ledger53-ip'),
    ]);
    expect(nameOf(tf.resources, 'google_kms_crypto_key')).toEqual([
      tpl('shop', tfVar('environment'), 'x39-key'),
    ]);
  });

  it('keeps the .fifo suffix of an SQS dead-letter queue and a valid name before it', () => {
    const { tf, environments } = build({
      v: 2,
      name: 'orders',
      provider: 'aws',
      region: 'ap-southeast-2',
      environments: [{ name: 'dev' }, { name: 'uat' }],
      naming: { pattern: '{name}-{region}-{env}', separator: '.' },
      components: [{ id: 'q', service: 'aws.sqs', name: 'orders', properties: { fifo: true } }],
    });
    expect(checkNames({ environments, terraform: tf.resources })).toEqual([]);
    expect(nameOf(tf.resources, 'aws_sqs_queue')).toEqual([
      tpl('orders-aps2-', tfVar('environment'), '-dlq.fifo'),
      tpl('orders-aps2-', tfVar('environment'), '.fifo'),
    ]);
  });

  it('keeps companions apart when shortening would give two of them one name', () => {
    const fixer = createNameFixer('production'.length);
    // No vowels to drop: shortening drops the short middle word, the only difference.
    const scaler = (tag: string, name: string) =>
      fixTerraformNames(fixer, 'google_compute_region_autoscaler', `scaler.${name}`, {
        name: tpl(
          `acme-${tag}-bcdfghjklmnpqrstvwxz-bcdfghjklmnpqrstvwxz-`,
          tfVar('environment'),
          '-zzzzzzzz',
        ),
      }).name as TTfValue;
    const one = scaler('x1', 'one');
    const two = scaler('x2', 'two');
    expect(one).toEqual(tpl('acme-bcdfghjklmnpqrstvwxz-', tfVar('environment'), '-zzzzzzzz'));
    expect(two).not.toEqual(one);
    expect(
      checkNames({
        environments: ['production'],
        terraform: [
          resource('google_compute_region_autoscaler', 'name', one),
          { ...resource('google_compute_region_autoscaler', 'name', two), name: 'y' },
        ],
      }),
    ).toEqual([]);
  });

  it('reports two resources of one type with one name', () => {
    const found = checkNames({
      environments: ['dev'],
      terraform: [
        resource('aws_sqs_queue', 'name', 'jobs'),
        { ...resource('aws_sqs_queue', 'name', 'jobs'), name: 'y' },
      ],
    });
    expect(found.map((f) => [f.resource, f.reasons])).toEqual([
      ['aws_sqs_queue.y', ['same name as aws_sqs_queue.x']],
    ]);
  });
});
