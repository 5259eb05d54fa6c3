import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import type { TDesignInput } from '../../design/schema-v2';

/** Azure's rules for entry points and private access, said in words before anything deploys. */
function design(
  components: NonNullable<TDesignInput['components']>,
  connections: NonNullable<TDesignInput['connections']> = [],
  extraSubnets: NonNullable<TDesignInput['groups']> = [],
): TDesignInput {
  return {
    v: 2,
    name: 'shop',
    provider: 'azure',
    region: 'westeurope',
    environments: [{ name: 'dev' }],
    groups: [
      {
        id: 'vnet',
        service: 'azure.virtual-network',
        name: 'main',
        properties: { cidr: '10.1.0.0/16' },
      },
      {
        id: 'web-sn',
        service: 'azure.subnet',
        name: 'web',
        parent: 'vnet',
        properties: { cidr: '10.1.1.0/24' },
      },
      ...extraSubnets,
    ],
    components,
    connections,
  };
}

const messages = (input: TDesignInput, format: 'terraform' | 'bicep' | 'arm' = 'terraform') => {
  const r = generate(input, { format });
  return r.ok ? [] : r.issues.map((i) => i.message);
};

const vmss = { id: 'web', service: 'azure.vm-scale-set', name: 'web', group: 'web-sn' };

describe('Application Gateway', () => {
  it('refuses to share its subnet and names what to move', () => {
    const input = design(
      [vmss, { id: 'agw', service: 'azure.application-gateway', name: 'edge', group: 'web-sn' }],
      [{ from: 'agw', to: 'web', type: 'traffic' }],
    );
    for (const format of ['terraform', 'bicep', 'arm'] as const) {
      expect(messages(input, format)).toEqual([
        expect.stringContaining('needs a subnet of its own; move web out of web'),
      ]);
    }
  });

  it('puts the scale set in its pool from the scale set’s side', () => {
    const input = design(
      [vmss, { id: 'agw', service: 'azure.application-gateway', name: 'edge', group: 'agw-sn' }],
      [{ from: 'agw', to: 'web', type: 'traffic' }],
      [
        {
          id: 'agw-sn',
          service: 'azure.subnet',
          name: 'agw',
          parent: 'vnet',
          properties: { cidr: '10.1.2.0/24' },
        },
      ],
    );
    const r = generate(input, { format: 'terraform', layout: 'single' });
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
    const main = r.files.find((f) => f.path === 'main.tf')!.content;
    expect(main).toContain(
      'application_gateway_backend_address_pool_ids = ["${azurerm_application_gateway.agw.id}/backendAddressPools/backend"]',
    );
  });
});

describe('App Service', () => {
  it('is a Front Door origin by its default host name', () => {
    const input = design(
      [
        { id: 'portal', service: 'azure.app-service', name: 'portal' },
        { id: 'edge', service: 'azure.front-door', name: 'edge' },
      ],
      [{ from: 'edge', to: 'portal', type: 'traffic' }],
    );
    const r = generate(input, { format: 'bicep', layout: 'single' });
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
    expect(r.files.find((f) => f.path === 'main.bicep')!.content).toContain(
      'hostName: portal.properties.defaultHostName',
    );
  });
});

describe('Front Door WAF policy', () => {
  it('protects Front Doors only', () => {
    const input = design(
      [
        { id: 'portal', service: 'azure.app-service', name: 'portal' },
        { id: 'waf', service: 'azure.front-door-waf', name: 'edge' },
      ],
      [{ from: 'waf', to: 'portal', type: 'traffic' }],
    );
    expect(messages(input, 'arm')).toEqual([
      expect.stringContaining(
        'connect the WAF policy to the Front Door it protects, not to portal',
      ),
    ]);
  });
});

describe('Application Insights', () => {
  const insights = { id: 'ai', service: 'azure.application-insights', name: 'api' };
  it('needs its Log Analytics workspace', () => {
    expect(messages(design([insights]))).toEqual([
      expect.stringContaining('connect Application Insights to the Log Analytics workspace'),
    ]);
  });

  it('gives a connected function app the Entra ID settings and the publisher role', () => {
    const input = design(
      [
        insights,
        { id: 'logs', service: 'azure.log-analytics', name: 'logs' },
        { id: 'fn', service: 'azure.function-app', name: 'orders' },
      ],
      [
        { from: 'ai', to: 'logs', type: 'data' },
        { from: 'fn', to: 'ai', type: 'data' },
      ],
    );
    const r = generate(input, { format: 'terraform', layout: 'single' });
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
    const main = r.files.find((f) => f.path === 'main.tf')!.content;
    expect(main).toContain('APPLICATIONINSIGHTS_AUTHENTICATION_STRING = "Authorization=AAD"');
    expect(main).toContain('role_definition_name = "Monitoring Metrics Publisher"');
  });
});

describe('Load balancer', () => {
  it('only balances virtual machines and scale sets', () => {
    const input = design(
      [
        { id: 'fn', service: 'azure.function-app', name: 'api' },
        { id: 'lb', service: 'azure.load-balancer', name: 'edge', group: 'web-sn' },
      ],
      [{ from: 'lb', to: 'fn', type: 'traffic' }],
    );
    expect(messages(input)).toEqual([
      expect.stringContaining('sends traffic to virtual machines or scale sets, not to api'),
    ]);
  });
});

describe('Bastion', () => {
  const bastion = { id: 'bas', service: 'azure.bastion', name: 'admin', group: 'bas-sn' };
  const subnet = (cidr: string) => [
    {
      id: 'bas-sn',
      service: 'azure.subnet',
      name: 'bastion',
      parent: 'vnet',
      properties: { cidr },
    },
  ];

  it('gets the subnet name Azure requires', () => {
    const r = generate(design([bastion], [], subnet('10.1.3.0/26')), {
      format: 'bicep',
      layout: 'single',
    });
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
    expect(r.files.find((f) => f.path === 'main.bicep')!.content).toContain(
      "name: 'AzureBastionSubnet'",
    );
  });

  it('refuses a subnet smaller than /26', () => {
    expect(messages(design([bastion], [], subnet('10.1.3.0/27')))).toEqual([
      expect.stringContaining('needs a subnet of /26 or larger; bastion is /27'),
    ]);
  });
});

describe('Private endpoint', () => {
  it('says which services it can reach', () => {
    const input = design(
      [
        { id: 'db', service: 'azure.service-bus-queue', name: 'events' },
        { id: 'pe', service: 'azure.private-endpoint', name: 'data', group: 'web-sn' },
      ],
      [{ from: 'pe', to: 'db', type: 'data' }],
    );
    expect(messages(input)).toEqual([
      expect.stringContaining(
        'storage accounts, file shares, Key Vaults, Cosmos DB accounts and Event Hubs, not events',
      ),
    ]);
  });

  it('declares one privatelink zone for two endpoints of the same service type', () => {
    const input = design(
      [
        { id: 'a', service: 'azure.storage-account', name: 'a' },
        { id: 'b', service: 'azure.storage-account', name: 'b' },
        { id: 'pe1', service: 'azure.private-endpoint', name: 'one', group: 'web-sn' },
        { id: 'pe2', service: 'azure.private-endpoint', name: 'two', group: 'web-sn' },
      ],
      [
        { from: 'pe1', to: 'a', type: 'data' },
        { from: 'pe2', to: 'b', type: 'data' },
      ],
    );
    const r = generate(input, { format: 'arm' });
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
    const template = JSON.parse(r.files.find((f) => f.path === 'azuredeploy.json')!.content) as {
      resources: { type: string }[];
    };
    const zones = template.resources.filter((x) => x.type === 'Microsoft.Network/privateDnsZones');
    expect(zones).toHaveLength(1);
    expect(
      template.resources.filter((x) => x.type === 'Microsoft.Network/privateEndpoints'),
    ).toHaveLength(2);
  });
});
