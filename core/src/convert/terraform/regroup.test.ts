import { describe, expect, it } from 'vitest';
import { generate, prepareDesign } from '../../iac/generate';
import { terraformToDesign } from './import';

/**
 * Components whose resources the engine does not name after the component alone: one per
 * connection, a companion written once connected, resources declared once per design.
 */
function roundTrip(design: Record<string, unknown>) {
  const original = prepareDesign(design);
  if (!original.ok) throw new Error(original.issues.map((i) => i.message).join('\n'));
  const generated = generate(original.design, { format: 'terraform' });
  if (!generated.ok) throw new Error(generated.issues.map((i) => i.message).join('\n'));
  const files = generated.files.filter((f) => /\.(tf|tfvars)$/.test(f.path));
  const imported = terraformToDesign(files);
  const back = prepareDesign(imported.design);
  if (!back.ok) throw new Error(back.issues.map((i) => i.message).join('\n'));
  const node = (id: string) => back.resolved.nodes.find((n) => n.id === id);
  const generics = imported.design!.components.filter((c) => c.service.endsWith('.resource'));
  return { node, generics };
}

describe('Terraform → design: components the engine writes under other names', () => {
  it('reads a private endpoint written once per target back as one component', () => {
    const { node, generics } = roundTrip({
      v: 2,
      name: 'data',
      provider: 'azure',
      region: 'westeurope',
      groups: [
        { id: 'vnet', service: 'azure.virtual-network', name: 'data' },
        { id: 'pe-subnet', service: 'azure.subnet', name: 'endpoints', parent: 'vnet' },
      ],
      components: [
        { id: 'ingest-pe', service: 'azure.private-endpoint', name: 'ingest', group: 'pe-subnet' },
        { id: 'files', service: 'azure.storage-account', name: 'files' },
        { id: 'vault', service: 'azure.key-vault', name: 'secrets' },
      ],
      connections: [
        { from: 'ingest-pe', to: 'files', type: 'traffic' },
        { from: 'ingest-pe', to: 'vault', type: 'traffic' },
      ],
    });
    expect(node('ingest-pe')?.service.id).toBe('azure.private-endpoint');
    expect(generics.map((g) => g.resource?.type)).not.toContain('azurerm_private_endpoint');
  });

  it("reads a container instance's port from the security group it writes for its incoming traffic", () => {
    const { node } = roundTrip({
      v: 2,
      name: 'k8s',
      provider: 'oci',
      region: 'eu-frankfurt-1',
      groups: [
        { id: 'vcn', service: 'oci.vcn', name: 'main' },
        {
          id: 'edge',
          service: 'oci.subnet',
          name: 'edge',
          parent: 'vcn',
          properties: { public: true },
        },
        {
          id: 'nodes',
          service: 'oci.subnet',
          name: 'nodes',
          parent: 'vcn',
          properties: { cidr: '10.0.2.0/24' },
        },
      ],
      components: [
        {
          id: 'ingress',
          service: 'oci.network-load-balancer',
          name: 'ingress',
          group: 'edge',
          properties: { public: true, listenerPort: 443 },
        },
        {
          id: 'proxy',
          service: 'oci.container-instance',
          name: 'proxy',
          group: 'nodes',
          properties: { port: 8443 },
        },
      ],
      connections: [{ from: 'ingress', to: 'proxy', type: 'traffic', port: 8443 }],
    });
    expect(node('ingress')?.service.id).toBe('oci.network-load-balancer');
    expect(node('proxy')?.properties).toMatchObject({ port: 8443 });
  });

  it("reads whether a WebSocket API sets the account's API Gateway log role (declared once per design)", () => {
    const design = (setAccountLogRole: boolean) => ({
      v: 2,
      name: 'live',
      provider: 'aws',
      region: 'eu-central-1',
      components: [
        {
          id: 'live',
          service: 'aws.websocket-api',
          name: 'live',
          properties: { setAccountLogRole },
        },
        { id: 'sessions', service: 'aws.lambda', name: 'sessions' },
      ],
      connections: [{ from: 'live', to: 'sessions', type: 'traffic' }],
    });
    for (const value of [true, false]) {
      const { node, generics } = roundTrip(design(value));
      expect(node('live')?.properties).toMatchObject({ setAccountLogRole: value });
      expect(generics).toEqual([]);
    }
  });
});
