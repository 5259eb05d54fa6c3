import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';
import { serviceForKind } from '../registry';
import type { TServiceKind } from '../../types';
import { PRIVATE_LINK_KINDS } from './private-endpoint';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';

/**
 * Every service a private endpoint component reaches turns its public network access off, so
 * the endpoint is the only way in; Service Bus, whose users all hold data roles, takes no SAS.
 */
const targets = PRIVATE_LINK_KINDS.map((kind) => {
  const service = serviceForKind('azure', kind as TServiceKind)!;
  return { kind, service, id: `t-${kind}`, local: `t_${kind.replace(/-/g, '_')}` };
});

const design = (extra: Record<string, unknown>[] = []) =>
  smallDesign({
    cloud: 'azure',
    components: [
      ...targets.map((t, i) => ({ id: t.id, service: t.service.id, name: `t${i}` })),
      { id: 'pep', service: 'azure.private-endpoint', name: 'pep', group: 'sn-0' },
      { id: 'jobs', service: 'azure.service-bus-queue', name: 'jobs' },
      { id: 'api', service: 'azure.function-app', name: 'api' },
      ...extra,
    ],
    connections: [
      ...targets.map((t) => ({ from: 'pep', to: t.id, type: 'traffic' })),
      { from: 'api', to: 'jobs', type: 'data' },
    ],
  });

function generated(d: unknown, format: 'terraform' | 'arm' | 'bicep') {
  const r = generate(d, { format, layout: 'single' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r;
}

type TArmResource = { type: string; name: string; properties?: Record<string, unknown> };
const armResources = (d: unknown): TArmResource[] =>
  JSON.parse(generated(d, 'arm').files.find((f) => f.path === 'azuredeploy.json')!.content)
    .resources as TArmResource[];

describe('a service behind an Azure private endpoint is closed to the internet', () => {
  it('covers every kind the private endpoint reaches', () => {
    expect(PRIVATE_LINK_KINDS.sort()).toEqual([
      'file-storage',
      'kms',
      'nosql',
      'object-storage',
      'stream',
    ]);
  });

  it('Terraform: public_network_access_enabled = false on each, and no policy finding', () => {
    const main = terraformFiles(design()).find((f) => f.path === 'main.tf')!.content;
    for (const t of targets) {
      expect(resourceBlock(main, t.service.emits.terraform[0]!, t.local), t.kind).toMatch(
        /\n {2}public_network_access_enabled\s+= false\n/,
      );
    }
    const open = generated(design(), 'terraform').policy.filter(
      (f) => f.rule === 'azure-private-endpoint-public-access',
    );
    expect(open).toEqual([]);
  });

  it("ARM: publicNetworkAccess 'Disabled' on each, and no policy finding", () => {
    const resources = armResources(design());
    for (const t of targets) {
      const type = t.service.emits.arm![0]!.type;
      const own = resources.filter(
        (r) => r.type === type && r.name.includes(`t${targets.indexOf(t)}`),
      );
      expect(
        own.map((r) => r.properties?.['publicNetworkAccess']),
        t.kind,
      ).toEqual(['Disabled']);
    }
    const open = generated(design(), 'arm').policy.filter(
      (f) => f.rule === 'azure-private-endpoint-public-access',
    );
    expect(open).toEqual([]);
  });

  it('a Key Vault whose firewall lists addresses stays reachable by those alone', () => {
    const d = design() as { components: Record<string, unknown>[] };
    const vault = d.components.find((c) => c['id'] === 't-kms')!;
    vault['properties'] = { allowedIps: ['203.0.113.7'] };
    const main = terraformFiles(d).find((f) => f.path === 'main.tf')!.content;
    const block = resourceBlock(main, 'azurerm_key_vault', 't_kms');
    expect(block).not.toContain('public_network_access_enabled');
    expect(block).toMatch(/default_action\s+= "Deny"/);
    expect(generated(d, 'terraform').policy.filter((f) => f.exempted === undefined)).toEqual([]);
  });

  it('a service that is not behind one keeps its default', () => {
    const d = smallDesign({
      cloud: 'azure',
      components: [{ id: 'events', service: 'azure.cosmos-db', name: 'events' }],
    });
    const main = terraformFiles(d).find((f) => f.path === 'main.tf')!.content;
    expect(main).not.toContain('public_network_access_enabled');
  });

  it('Service Bus takes Entra ID only: SAS keys off, and no key reaches the code', () => {
    const main = terraformFiles(design()).find((f) => f.path === 'main.tf')!.content;
    expect(resourceBlock(main, 'azurerm_servicebus_namespace', 'jobs')).toMatch(
      /\n {2}local_auth_enabled\s+= false\n/,
    );
    expect(main).not.toMatch(/connection_string|primary_key|authorization_rule/);
    const ns = armResources(design()).find((r) => r.type === 'Microsoft.ServiceBus/namespaces')!;
    expect(ns.properties?.['disableLocalAuth']).toBe(true);
  });

  it('checks against the provider schemas and ARM types', async () => {
    const d = design();
    const all = [
      ...terraformFiles(d),
      ...generated(d, 'arm').files,
      ...generated(d, 'bicep').files,
    ];
    expect(await checkOutput(all, sharedOrBundledSchemas())).toEqual([]);
  });
});
