import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { moduleConfigPath, splitAddress } from './address';
import { PLAN_MSG } from './messages';
import type { TParsedTerraform, TTfResource } from './model';
import { parseTerraformJson } from './parse';
import { cloudOfProvider, parseProviderName } from './providers';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function parsed(input: unknown): TParsedTerraform {
  const result = parseTerraformJson(input);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

function byAddress(p: TParsedTerraform, address: string): TTfResource {
  const r = p.resources.find((x) => x.address === address);
  if (!r) throw new Error(`no ${address} in ${p.resources.map((x) => x.address).join(', ')}`);
  return r;
}

const message = (input: unknown) => {
  const result = parseTerraformJson(input);
  return result.ok ? 'parsed' : result.message;
};

describe('addresses', () => {
  it('splits an address whose keys hold dots, brackets and escaped quotes', () => {
    expect(splitAddress('module.a["k.1"].module.b[0].aws_s3_bucket.this["x\\"].y"]')).toEqual([
      { name: 'module', key: null },
      { name: 'a', key: '"k.1"' },
      { name: 'module', key: null },
      { name: 'b', key: '0' },
      { name: 'aws_s3_bucket', key: null },
      { name: 'this', key: '"x\\"].y"' },
    ]);
    expect(moduleConfigPath('module.app["blue.v2"].module.db[0]')).toBe('module.app.module.db');
    expect(splitAddress('aws_instance.a["unterminated')).toBeNull();
  });
});

describe('provider names', () => {
  it.each([
    ['aws', 'aws', null, 'aws'],
    ['aws.west', 'aws', 'west', 'aws'],
    ['provider.aws', 'aws', null, 'aws'],
    ['registry.terraform.io/hashicorp/azurerm', 'azurerm', null, 'azure'],
    ['provider["registry.terraform.io/hashicorp/google-beta"]', 'google-beta', null, 'gcp'],
    ['provider["registry.terraform.io/hashicorp/aws"].west', 'aws', 'west', 'aws'],
    ['registry.opentofu.org/hashicorp/google', 'google', null, 'gcp'],
    ['registry.terraform.io/hashicorp/random', 'random', null, null],
  ])('%s → %s (alias %s) on %s', (name, type, alias, cloud) => {
    expect(parseProviderName(name)).toEqual({ type, alias });
    expect(cloudOfProvider(type)).toBe(cloud);
  });
});

describe('a plan with nested modules, count, for_each and every action', () => {
  const plan = parsed(fixture('aws-modules-plan.json'));

  it('keeps every address exactly, with its module, and maps actions', () => {
    expect(plan).toMatchObject({ kind: 'plan', formatVersion: '1.2', terraformVersion: '1.9.5' });
    const actions = Object.fromEntries(plan.resources.map((r) => [r.address, r.action]));
    expect(actions).toEqual({
      'module.app["blue.v2"].aws_instance.web[0]': 'no-op',
      'module.app["blue.v2"].aws_instance.web[1]': 'create',
      'module.app["blue.v2"].module.db[0].aws_db_instance.this[0]': 'update',
      'aws_nat_gateway.main': 'replace',
      'aws_s3_bucket.logs["a.b"]': 'delete',
      'data.aws_ami.ubuntu': 'read',
      'aws_cloudfront_distribution.cdn': 'create',
      'aws_security_group.web': 'create',
      'module.app["blue.v2"].aws_eks_node_group.workers': 'create',
      'aws_instance.gpu': 'create',
      'kubernetes_namespace.apps': 'create',
      // In prior_state only: the plan leaves it as it is.
      'aws_route53_zone.main': 'no-op',
    });
    expect(
      byAddress(plan, 'module.app["blue.v2"].module.db[0].aws_db_instance.this[0]'),
    ).toMatchObject({
      moduleAddress: 'module.app["blue.v2"].module.db[0]',
      mode: 'managed',
    });
    expect(byAddress(plan, 'data.aws_ami.ubuntu').mode).toBe('data');
  });

  it('keeps before for what exists and after for what will', () => {
    const created = byAddress(plan, 'module.app["blue.v2"].aws_instance.web[1]');
    expect(created.before).toBeNull();
    expect(created.afterUnknown).toMatchObject({ root_block_device: true });
    const deleted = byAddress(plan, 'aws_s3_bucket.logs["a.b"]');
    expect(deleted.after).toBeNull();
    expect(deleted.before).toMatchObject({ bucket: 'example-logs-a.b' });
  });

  it('finds each resource’s region in its provider configuration: a root variable, inherited by modules, and an alias', () => {
    // `region = var.region`, the variable given as eu-west-1; modules have no provider block.
    expect(
      byAddress(plan, 'module.app["blue.v2"].module.db[0].aws_db_instance.this[0]').providerRegion,
    ).toBe('eu-west-1');
    // provider = aws.use1 (`region = "us-east-1"`).
    expect(byAddress(plan, 'aws_nat_gateway.main').providerRegion).toBe('us-east-1');
    expect(byAddress(plan, 'kubernetes_namespace.apps').providerRegion).toBeNull();
  });
});

describe('provider regions in the older and module-level forms', () => {
  it('reads Terraform 0.12–0.14 keys (`<module name>:aws`) and a module variable set by its call', () => {
    const plan = parsed({
      format_version: '0.1',
      terraform_version: '0.14.11',
      resource_changes: [
        {
          address: 'module.net.module.nat.aws_nat_gateway.this[0]',
          module_address: 'module.net.module.nat',
          mode: 'managed',
          type: 'aws_nat_gateway',
          name: 'this',
          index: 0,
          provider_name: 'registry.terraform.io/hashicorp/aws',
          change: { actions: ['create'], before: null, after: {} },
        },
      ],
      configuration: {
        provider_config: {
          'module.net.module.nat:aws': {
            name: 'aws',
            module_address: 'module.net.module.nat',
            expressions: { region: { references: ['var.where'] } },
          },
        },
        root_module: {
          module_calls: {
            net: {
              expressions: { home: { constant_value: 'ap-southeast-1' } },
              module: {
                module_calls: {
                  nat: {
                    expressions: { where: { references: ['var.home'] } },
                    module: {
                      resources: [
                        {
                          address: 'aws_nat_gateway.this',
                          mode: 'managed',
                          type: 'aws_nat_gateway',
                          name: 'this',
                          provider_config_key: 'nat:aws',
                        },
                      ],
                    },
                  },
                },
              },
            },
          },
        },
      },
    });
    expect(plan.resources[0]?.providerRegion).toBe('ap-southeast-1');
  });
});

describe('a state', () => {
  it('walks child modules to any depth and takes google-beta as GCP', () => {
    const state = parsed(fixture('gcp-beta-state.json'));
    expect(state.kind).toBe('state');
    expect(state.resources.every((r) => r.action === 'no-op' && r.after === r.before)).toBe(true);
    const nat = byAddress(
      state,
      'module.platform.module.network.module.nat["eu"].google_compute_router_nat.nat["primary"]',
    );
    expect(nat.moduleAddress).toBe('module.platform.module.network.module.nat["eu"]');
    const bastion = byAddress(state, 'module.platform.google_compute_instance.bastion');
    expect(bastion.provider).toEqual({ type: 'google-beta', alias: null });
    expect(bastion.cloud).toBe('gcp');
  });

  it('reads an empty state', () => {
    expect(parsed({ format_version: '1.0' })).toMatchObject({ kind: 'state', resources: [] });
  });

  it('reads a raw terraform.tfstate (format 4): addresses built from module, name and index key', () => {
    const state = parsed({
      version: 4,
      terraform_version: '1.5.7',
      serial: 3,
      lineage: 'b1c2',
      resources: [
        {
          module: 'module.logs["a.b"]',
          mode: 'managed',
          type: 'aws_s3_bucket',
          name: 'this',
          provider: 'provider["registry.terraform.io/hashicorp/aws"].west',
          instances: [
            { index_key: 'x.y', attributes: { bucket: 'one', region: 'us-west-2' } },
            { index_key: 'z', attributes: { bucket: 'two', region: 'us-west-2' } },
          ],
        },
      ],
    });
    expect(state).toMatchObject({ kind: 'state', formatVersion: '4', terraformVersion: '1.5.7' });
    expect(state.resources.map((r) => r.address)).toEqual([
      'module.logs["a.b"].aws_s3_bucket.this["x.y"]',
      'module.logs["a.b"].aws_s3_bucket.this["z"]',
    ]);
    expect(state.resources[0]?.provider).toEqual({ type: 'aws', alias: 'west' });
  });
});

describe('plans without resource_changes', () => {
  it('keeps the prior state’s resources as they are (a refresh-only plan), never as deleted', () => {
    const plan = parsed({
      format_version: '1.2',
      planned_values: { root_module: {} },
      prior_state: {
        format_version: '1.0',
        values: {
          root_module: {
            resources: [
              {
                address: 'aws_sqs_queue.q',
                mode: 'managed',
                type: 'aws_sqs_queue',
                name: 'q',
                provider_name: 'registry.terraform.io/hashicorp/aws',
                values: { name: 'q' },
              },
            ],
          },
        },
      },
    });
    expect(plan.resources).toMatchObject([{ address: 'aws_sqs_queue.q', action: 'no-op' }]);
  });

  it('takes `forget` as leaving the estate', () => {
    const plan = parsed({
      format_version: '1.2',
      resource_changes: [
        {
          address: 'aws_sqs_queue.q',
          mode: 'managed',
          type: 'aws_sqs_queue',
          name: 'q',
          change: { actions: ['forget'], before: { name: 'q' }, after: null },
        },
      ],
    });
    expect(plan.resources[0]).toMatchObject({ action: 'delete', isForgotten: true, after: null });
  });
});

describe('what is not a plan or a state', () => {
  it.each([
    ['an empty file', '  \n', PLAN_MSG.empty],
    ['a binary plan file', 'PK\u0003\u0004\u0014\u0000tfplan', PLAN_MSG.binaryPlan],
    ['Terraform configuration', '# main\nresource "aws_instance" "a" {\n}', PLAN_MSG.hcl],
    ['a JSON array', '[1, 2]', PLAN_MSG.notObject],
    ['a number', 42, PLAN_MSG.notObject],
    ['nothing', undefined, PLAN_MSG.noPlan],
    ['another JSON document', { name: 'my-app', version: '1.0.0' }, PLAN_MSG.notPlan],
    ['a plan without format_version', { resource_changes: [] }, PLAN_MSG.noFormatVersion],
    [
      'an unknown format version',
      { format_version: '2.0', resource_changes: [] },
      PLAN_MSG.formatVersion('2.0'),
    ],
    [
      'a pre-0.12 state',
      { version: 3, terraform_version: '0.11.7', modules: [] },
      PLAN_MSG.legacyState(3),
    ],
    ['a future raw state', { version: 5, resources: [] }, PLAN_MSG.rawStateVersion(5)],
    [
      'resource_changes that is not a list',
      { format_version: '1.0', resource_changes: {} },
      PLAN_MSG.badResource('resource_changes', 'is not a list'),
    ],
    [
      'a change without actions',
      {
        format_version: '1.0',
        resource_changes: [{ type: 'aws_instance', name: 'a', change: {} }],
      },
      PLAN_MSG.badChange(0, 'has no change.actions'),
    ],
    [
      'an action this reader does not know',
      {
        format_version: '1.0',
        resource_changes: [{ type: 'aws_instance', name: 'a', change: { actions: ['teleport'] } }],
      },
      PLAN_MSG.badChange(0, 'has actions ["teleport"], which this reader does not know'),
    ],
  ])('%s', (_what, input, expected) => {
    expect(message(input)).toBe(expected);
  });

  it('says where JSON text is broken', () => {
    expect(message('{"format_version": "1.0", ')).toMatch(
      /^The file is not valid JSON \(.+\)\. Send the output of `terraform show -json`\.$/,
    );
  });
});
