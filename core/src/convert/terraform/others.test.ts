import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, useSchemaData } from '@stratum/cli/testing/fixtures';
import { prepareDesign } from '../../iac/generate';
import type { TConvertFile } from '../types';
import { terraformToDesign } from './import';

/** Terraform written by others (fixtures/terraform/README.md names the sources). */
const FIXTURES = join(REPO_ROOT, 'core/src/convert/fixtures/terraform');

function upload(folder: string): TConvertFile[] {
  const root = join(FIXTURES, folder);
  const files: TConvertFile[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push({ path: relative(root, path), content: readFileSync(path, 'utf8') });
    }
  };
  walk(root);
  return files;
}

const imported = (folder: string) => {
  const out = terraformToDesign(upload(folder));
  const design = out.design!;
  const byId = (id: string) =>
    [...design.groups, ...design.components].find((n) => n.id === id) as
      | { service: string; properties: Record<string, unknown>; resource?: { type: string } }
      | undefined;
  return { ...out, design, byId };
};

beforeAll(() => {
  useSchemaData();
}, 120_000);

/** Every resource of the upload is in the design (a component or inside one) or listed. */
function accounted(folder: string, out: ReturnType<typeof imported>) {
  const text = upload(folder)
    .filter((f) => f.path.endsWith('.tf'))
    .map((f) => f.content)
    .join('\n');
  const declared = [...text.matchAll(/^(resource|data) "([\w-]+)" "([\w-]+)"/gm)].map((m) =>
    m[1] === 'data' ? `data.${m[2]}.${m[3]}` : `${m[2]}.${m[3]}`,
  );
  const seen = [
    ...out.warnings.map((w) => w.message),
    ...out.unconverted.map((u) => u.name),
    ...[...out.design.groups, ...out.design.components].map((n) => n.id.replace(/-/g, '_')),
  ].join('\n');
  return declared.filter((d) => !seen.includes(d) && !seen.includes(d.split('.').pop()!));
}

describe('Terraform written by others', () => {
  it.each(['aws-lambda-api-gateway', 'azure-linux-vm', 'gcp-vm-network', 'aws-vpc-module'])(
    '%s: becomes a valid design, every resource kept or listed with its line',
    (folder) => {
      const out = imported(folder);
      const prepared = prepareDesign(out.design);
      expect(prepared.ok ? [] : prepared.issues).toEqual([]);
      expect(accounted(folder, out)).toEqual([]);
      for (const u of out.unconverted) expect(u.line).toBeGreaterThan(0);
    },
  );

  it('HashiCorp Lambda tutorial: the function is a Lambda component with its runtime and handler', () => {
    const out = imported('aws-lambda-api-gateway');
    expect(out.design.region).toBe('us-east-1');
    expect(out.byId('hello-world')).toMatchObject({
      service: 'aws.lambda',
      properties: { runtime: 'nodejs20.x', handler: 'hello.handler' },
    });
    expect(out.byId('lambda')).toMatchObject({ service: 'aws.api-gateway' });
    expect(out.design.tags).toEqual({ 'hashicorp-learn': 'lambda-api-gateway' });
    expect(out.unconverted).toContainEqual(
      expect.objectContaining({
        file: 'main.tf',
        line: 30,
        kind: 'resource',
        name: 'random_pet.lambda_bucket_name',
      }),
    );
  });

  it('GCP tutorial: locals and tfvars resolved, the network, subnet and firewall recognised', () => {
    const out = imported('gcp-vm-network');
    expect(out.byId('vpc-network')).toMatchObject({ service: 'gcp.vpc-network' });
    // local.subnet_cidr = cidrsubnet(var.network_cidr, 8, 1) over the variable's default.
    expect(out.byId('default')).toMatchObject({
      service: 'gcp.subnetwork',
      properties: { cidr: '10.20.1.0/24' },
    });
    // local.ssh_ports is a `for` expression over var.ports.
    expect(out.byId('ssh')).toMatchObject({
      service: 'gcp.firewall',
      properties: { ingressPorts: ['22'] },
    });
    // terraform.tfvars sets machine_type; the instance is kept as a generic resource with it.
    expect(out.byId('vm-instance')).toMatchObject({
      service: 'gcp.resource',
      resource: { type: 'google_compute_instance', arguments: { machine_type: 'e2-small' } },
    });
    expect(out.unconverted.map((u) => [u.line, u.kind])).toEqual([
      [77, 'dynamic'],
      [86, 'data'],
    ]);
  });

  it('terraform-aws-modules style: the local module is followed, the registry module listed', () => {
    const out = imported('aws-vpc-module');
    expect(out.byId('this')).toMatchObject({ service: 'aws.vpc' });
    // count = length(var.public_subnets), known from the module's inputs: one subnet per
    // instance, each read with its count.index.
    expect(out.byId('public-0')).toMatchObject({
      service: 'aws.subnet',
      properties: { cidr: '10.0.0.0/24', public: true },
    });
    expect(out.byId('public-1')).toMatchObject({ service: 'aws.subnet', parent: 'this' });
    expect(out.byId('private-0')).toMatchObject({
      service: 'aws.subnet',
      properties: { cidr: '10.0.10.0/24' },
    });
    expect(out.byId('private-1')).toMatchObject({
      service: 'aws.subnet',
      properties: { cidr: '10.0.11.0/24' },
    });
    // module.vpc.private_subnet_ids[0] (an output `aws_subnet.private[*].id`): the first one.
    expect(out.byId('web-2')).toMatchObject({
      resource: { arguments: { subnet_id: { $ref: 'private-0', attribute: 'id' } } },
    });
    expect(out.unconverted).toContainEqual(
      expect.objectContaining({
        file: 'main.tf',
        line: 31,
        kind: 'module',
        name: 'module.vpc_endpoints',
      }),
    );
    expect(out.unconverted).toContainEqual(
      expect.objectContaining({ file: 'main.tf', line: 67, kind: 'provisioner' }),
    );
    expect(out.warnings.map((w) => w.message).join('\n')).not.toContain('one instance');
  });

  it('Azure quickstart: network and subnet recognised, the rest kept as azurerm resources', () => {
    const out = imported('azure-linux-vm');
    expect(out.design.region).toBe('eastus');
    expect(out.byId('my-terraform-network')).toMatchObject({ service: 'azure.virtual-network' });
    expect(out.byId('my-terraform-subnet')).toMatchObject({ service: 'azure.subnet' });
    expect(out.byId('my-terraform-vm')).toMatchObject({
      resource: { type: 'azurerm_linux_virtual_machine' },
    });
    expect(out.unconverted.filter((u) => u.kind === 'resource').map((u) => u.name)).toEqual([
      'random_pet.rg_name',
      'random_id.random_id',
      'random_pet.ssh_key_name',
      'azapi_resource_action.ssh_public_key_gen',
      'azapi_resource.ssh_public_key',
    ]);
  });
});
