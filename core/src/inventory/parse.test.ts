import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TSourceKind } from '../contract/inventory/model';
import type { TInventoryInstance, TParsedSource } from './model';
import { parseSource } from './parse';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function parsed(kind: TSourceKind, text: string): TParsedSource {
  const result = parseSource(kind, text);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

function at(p: TParsedSource, address: string): TInventoryInstance {
  const i = p.instances.find((x) => x.address === address);
  if (!i) throw new Error(`no ${address} in ${p.instances.map((x) => x.address).join(', ')}`);
  return i;
}

const codes = (p: TParsedSource) => Object.fromEntries(p.warnings.map((w) => [w.code, w.count]));

describe('a raw state (format 4)', () => {
  const state = parsed('tfstate', fixture('edge-cases.tfstate'));

  it('counts blocks (one without instances), instances, modules and outputs', () => {
    expect(state.counts).toEqual({
      blocks: 15,
      instances: 15,
      managed: 13,
      data: 2,
      modules: 5,
      outputs: 2,
    });
    expect(state.outputs).toEqual(['bucket_arn', 'db_password']);
    expect(state.serial).toBe(42);
    expect(state.lineage).toBe('0b7d3c1e-6a52-4f1d-9d0e-1f0f0c9a7e11');
    expect(state.terraformVersion).toBe('1.5.7');
  });

  it('keeps full addresses with keys that hold dots', () => {
    expect(state.instances.map((i) => i.address)).toContain(
      'module.app["blue.v2"].aws_instance.web[1]',
    );
    const project = at(state, 'module.net.module.projects["eu.west"].google_project.data');
    expect(project.module).toBe('module.net.module.projects["eu.west"]');
    expect(project.name).toBe('data');
  });

  it('maps every provider address form to its cloud; builtin and utility providers to none', () => {
    const cloud = (a: string) => [at(state, a).provider, at(state, a).cloud];
    expect(cloud('aws_db_instance.main')).toEqual(['aws', 'aws']);
    expect(cloud('aws_s3_bucket.logs')).toEqual(['aws', 'aws']);
    expect(
      cloud('module.net.module.projects["eu.west"].google_project_service_identity.sql'),
    ).toEqual(['google-beta', 'gcp']);
    expect(cloud('azurerm_resource_group.main')).toEqual(['azurerm', 'azure']);
    expect(cloud('oci_core_vcn.main')).toEqual(['oci', 'oci']);
    expect(cloud('data.terraform_remote_state.network')).toEqual(['terraform', null]);
    expect(cloud('random_string.suffix')).toEqual(['random', null]);
    expect(codes(state)['unknown-provider']).toBe(1);
    expect(state.warnings.find((w) => w.code === 'unknown-provider')?.examples).toEqual([
      'acme_widget.w',
    ]);
  });

  it('reads region, cloud id, name and tags with exact keys per cloud', () => {
    const bucket = at(state, 'aws_s3_bucket.logs');
    expect(bucket.tags).toEqual({ 'team ': 'data', env: 'prod', owner: 'platform' });
    expect(bucket.region).toBe('eu-west-1');
    expect(bucket.cloudId).toBe('acme-logs');
    expect(bucket.displayName).toBe('acme-logs');
    const web = at(state, 'module.app["blue.v2"].aws_instance.web[0]');
    expect(web.region).toBe('eu-west-1');
    expect(web.displayName).toBe('web-blue-0');
    expect(at(state, 'aws_db_instance.main').region).toBe('eu-west-1');
    const project = at(state, 'module.net.module.projects["eu.west"].google_project.data');
    expect(project.tags).toEqual({ 'cost-center': '42' });
    expect(project.displayName).toBe('Acme Data');
    expect(
      at(state, 'module.net.module.projects["eu.west"].google_project_service_identity.sql').region,
    ).toBe('europe-west1');
    const rg = at(state, 'azurerm_resource_group.main');
    expect(rg.region).toBe('westeurope');
    expect(rg.tags).toEqual({ env: 'prod' });
    const vcn = at(state, 'oci_core_vcn.main');
    expect(vcn.tags).toEqual({ 'Operations.CostCenter': '42', env: 'prod' });
    expect(vcn.displayName).toBe('acme-vcn');
    expect(at(state, 'random_string.suffix').displayName).toBe('suffix');
  });

  it('reads sensitive_attributes in each of its forms', () => {
    expect(at(state, 'aws_db_instance.main').sensitivePaths).toEqual([
      ['password'],
      ['connection', 0, 'key'],
      ['connection', 1, 'key'],
      ['master_password'],
    ]);
  });

  it('leaves deposed objects out, saying so', () => {
    expect(state.instances.some((i) => i.attributes.id === 'i-0old')).toBe(false);
    expect(codes(state)['deposed-skipped']).toBe(1);
  });

  it('says which dependency targets are not in the file', () => {
    const missing = state.warnings.find((w) => w.code === 'dependency-missing');
    expect(missing).toMatchObject({ count: 1, examples: ['aws_iam_role.gone'] });
    expect(at(state, 'aws_db_instance.main').dependencies).toEqual(['module.app']);
  });
});

describe('refusals', () => {
  it('refuses a format 3 state naming its version, never importing it as empty', () => {
    const result = parseSource('tfstate', fixture('legacy-v3.tfstate'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toBe('legacy');
    expect(result.message).toContain('format version 3');
    expect(result.message).toContain('0.11.14');
  });

  it('refuses unknown state versions, plans sent as states, and files that are not JSON', () => {
    const v5 = parseSource('tfstate', '{"version":5,"resources":[]}');
    expect(v5).toMatchObject({ ok: false, reason: 'invalid' });
    expect(!v5.ok && v5.message).toContain('version 5');
    const plan = parseSource('tfstate', fixture('plan-create.json'));
    expect(!plan.ok && plan.message).toContain('import it as a plan');
    expect(parseSource('tfstate', '')).toMatchObject({ ok: false, message: 'The file is empty.' });
    const hcl = parseSource('plan', 'resource "aws_s3_bucket" "b" {}\n');
    expect(!hcl.ok && hcl.message).toContain('HCL');
    expect(parseSource('whatif', '{"value": []}')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(parseSource('driftctl', '[]')).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('imports an empty state as empty, with a warning', () => {
    const empty = parsed(
      'tfstate',
      '{"version":4,"terraform_version":"1.6.0","serial":1,"lineage":"x","outputs":{},"resources":[]}',
    );
    expect(empty.counts.instances).toBe(0);
    expect(codes(empty)['empty-source']).toBe(1);
  });
});

describe('a plan (terraform show -json)', () => {
  it('lists a create-only plan from its planned values, with regions from the provider configuration', () => {
    const plan = parsed('plan', fixture('plan-create.json'));
    expect(plan.counts).toEqual({
      blocks: 5,
      instances: 6,
      managed: 5,
      data: 1,
      modules: 1,
      outputs: 1,
    });
    expect(
      plan.instances.filter((i) => i.mode === 'managed').every((i) => i.action === 'create'),
    ).toBe(true);
    expect(at(plan, 'data.aws_ami.ubuntu').action).toBe('read');
    expect(at(plan, 'module.sg.aws_security_group.this').region).toBe('eu-central-1');
    expect(at(plan, 'aws_instance.web').sensitivePaths).toEqual([['user_data']]);
  });

  it('keeps configuration references to resources, data sources and module outputs, following variables; not local/each/count/path', () => {
    const plan = parsed('plan', fixture('plan-create.json'));
    expect([...at(plan, 'aws_instance.web').references].sort()).toEqual([
      'aws_kms_key.disk',
      'aws_subnet.a',
      'aws_vpc.main',
      'data.aws_ami.ubuntu',
      'module.sg.aws_security_group.this',
    ]);
    expect(at(plan, 'aws_subnet.a[1]').references).toEqual(['aws_vpc.main']);
    // `var.vpc_id` is followed to what the module call passes: the root VPC.
    expect(at(plan, 'module.sg.aws_security_group.this').references).toEqual(['aws_vpc.main']);
  });

  it('gives each instance its action: update, delete, replace with its reason, moved', () => {
    const plan = parsed('plan', fixture('plan-actions.json'));
    const act = (a: string) => [at(plan, a).action, at(plan, a).actionReason ?? null];
    expect(act('aws_instance.app')).toEqual(['update', null]);
    expect(act('aws_s3_bucket.old')).toEqual(['delete', 'delete_because_no_resource_config']);
    expect(act('aws_instance.db')).toEqual(['replace', 'replace_because_cannot_update']);
    expect(act('aws_lb.front')).toEqual(['replace', 'replace_by_request']);
    expect(act('aws_iam_role.r')).toEqual(['no-op', null]);
    expect(at(plan, 'aws_s3_bucket.new').previousAddress).toBe('aws_s3_bucket.legacy');
    expect(at(plan, 'aws_instance.app').attributes.instance_type).toBe('t3.small');
    expect(at(plan, 'aws_s3_bucket.old').attributes.bucket).toBe('old-bucket');
    expect(at(plan, 'aws_instance.app').dependencies).toEqual(['aws_iam_role.r']);
    expect(plan.outputs).toEqual(['app_ip', 'db_endpoint']);
    expect(plan.counts.outputs).toBe(2);
  });

  it('imports `terraform show -json` of a state as a plan source without actions', () => {
    const doc = JSON.parse(fixture('plan-actions.json')) as { prior_state: unknown };
    const p = parsed('plan', JSON.stringify(doc.prior_state));
    expect(p.counts.managed).toBe(6);
    expect(p.instances.every((i) => i.action === null)).toBe(true);
  });
});

describe('Azure what-if', () => {
  it('lists each distinct resource id once, case-insensitively, with its ARM type, region and tags', () => {
    const w = parsed('whatif', fixture('whatif-cli.json'));
    expect(w.counts).toEqual({
      blocks: 6,
      instances: 6,
      managed: 6,
      data: 0,
      modules: 0,
      outputs: 0,
    });
    const vnet = w.instances.find((i) => i.name === 'vnet1');
    expect(vnet).toMatchObject({
      type: 'Microsoft.Network/virtualNetworks',
      cloud: 'azure',
      region: 'westeurope',
      action: 'update',
    });
    expect(vnet?.tags).toEqual({ env: 'prod', 'team ': 'net' });
    const vms = w.instances.filter((i) => i.type === 'Microsoft.Compute/virtualMachines');
    expect(vms).toHaveLength(1);
    expect(vms[0]?.region).toBe('westeurope');
    expect(w.instances.find((i) => i.name === 'default')?.type).toBe(
      'Microsoft.Network/virtualNetworks/subnets',
    );
    expect(w.instances.find((i) => i.name === 'app-rg')).toMatchObject({
      type: 'Microsoft.Resources/resourceGroups',
      action: 'no-op',
    });
    const unsupported = w.instances.find((i) => i.address.startsWith('[format('));
    expect(unsupported).toMatchObject({
      type: 'Microsoft.Network/virtualNetworks/virtualNetworkPeerings',
      cloudId: null,
      action: null,
    });
    expect(codes(w)).toMatchObject({
      'whatif-duplicate': 1,
      'whatif-unsupported': 1,
      'whatif-NestedDeploymentShortCircuited': 1,
    });
  });

  it('reads the REST envelope and the example-file shape', () => {
    const rest = parsed('whatif', fixture('whatif-rest.json'));
    expect(rest.instances.map((i) => i.type)).toEqual([
      'Microsoft.ManagedIdentity/userAssignedIdentities',
      'Microsoft.Storage/storageAccounts',
    ]);
    expect(rest.instances[0]?.tags).toEqual({ owner: 'ops' });
    const example = parsed('whatif', fixture('whatif-example.json'));
    expect(example.instances).toHaveLength(1);
    expect(example.instances[0]).toMatchObject({
      type: 'Microsoft.Resources/resourceGroups',
      region: 'eastus',
      action: 'create',
    });
  });
});

describe('a driftctl report', () => {
  it('lists managed and missing resources with type and id; unmanaged ones are counted, not assets', () => {
    const d = parsed('driftctl', fixture('driftctl.json'));
    expect(d.counts.instances).toBe(3);
    expect(d.instances.map((i) => [i.type, i.cloudId, i.cloud])).toEqual([
      ['aws_s3_bucket', 'acme-logs', 'aws'],
      ['aws_instance', 'i-0abc123', 'aws'],
      ['aws_route53_record', 'Z10347383HV75H96J919W_test0_A', 'aws'],
    ]);
    expect(d.instances[1]?.address).toBe('aws_instance.i-0abc123');
    expect(codes(d)).toMatchObject({
      'driftctl-unmanaged': 2,
      'driftctl-missing': 1,
      'driftctl-summary-mismatch': 1,
    });
  });
});

describe('a CSV', () => {
  const csv = parsed('csv', fixture('assets.csv'));

  it('makes one asset per row with quoted commas and quotes, tags as k=v or JSON', () => {
    expect(csv.instances.map((i) => i.address)).toEqual([
      'aws_s3_bucket.logs',
      'azurerm_storage_account.Store__primary',
      'module.app["k.1"].google_storage_bucket.b',
    ]);
    expect(at(csv, 'aws_s3_bucket.logs')).toMatchObject({
      cloud: 'aws',
      region: 'eu-west-1',
      displayName: 'acme-logs',
      tags: { env: 'prod', team: 'data' },
    });
    const store = at(csv, 'azurerm_storage_account.Store__primary');
    expect(store).toMatchObject({
      cloud: 'azure',
      region: 'westeurope',
      displayName: 'Store, primary',
    });
    expect(store.tags).toEqual({ 'cost center': '42', owner: 'ops' });
    const bucket = at(csv, 'module.app["k.1"].google_storage_bucket.b');
    expect(bucket).toMatchObject({
      type: 'google_storage_bucket',
      module: 'module.app["k.1"]',
      cloud: 'gcp',
      displayName: 'Bucket "b"',
    });
  });

  it('warns with row numbers about rows without a type and repeated addresses', () => {
    expect(csv.warnings.find((w) => w.code === 'row-without-type')).toMatchObject({
      count: 1,
      examples: ['row 4'],
    });
    expect(csv.warnings.find((w) => w.code === 'duplicate-address')).toMatchObject({
      count: 1,
      examples: ['row 6: aws_s3_bucket.logs'],
    });
  });

  it('refuses a CSV without a type or address column, and an unclosed quote', () => {
    const noType = parseSource('csv', 'name,region\nx,eu\n');
    expect(!noType.ok && noType.message).toContain('names no `type` or `address` column');
    const open = parseSource('csv', 'type,name\naws_s3_bucket,"oops\n');
    expect(!open.ok && open.message).toContain('Line 2');
  });
});
