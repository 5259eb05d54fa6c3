import { beforeAll, describe, expect, it } from 'vitest';
import { useSchemaData } from '@stratum/cli/testing/fixtures';
import { generate } from '../../iac/generate';
import { terraformToDesign } from './import';

/**
 * Data connections written into the client's subnet, not the client: a storage firewall admits
 * the subnet a VM sits in (`virtual_network_subnet_ids`, the subnet's service endpoint).
 */
const NETWORK = `
resource "azurerm_resource_group" "main" {
  name     = "rg-shop"
  location = "westeurope"
}

resource "azurerm_virtual_network" "net" {
  name                = "vnet-shop"
  resource_group_name = azurerm_resource_group.main.name
  location            = azurerm_resource_group.main.location
  address_space       = ["10.1.0.0/16"]
}
`;

const subnet = (name: string, cidr: string, endpoints: string) => `
resource "azurerm_subnet" "${name}" {
  name                 = "snet-${name}"
  resource_group_name  = azurerm_resource_group.main.name
  virtual_network_name = azurerm_virtual_network.net.name
  address_prefixes     = ["${cidr}"]
  ${endpoints ? `service_endpoints = ["${endpoints}"]` : ''}
}
`;

const vm = (name: string, subnetName: string) => `
resource "azurerm_network_interface" "${name}" {
  name                = "nic-${name}"
  resource_group_name = azurerm_resource_group.main.name
  location            = azurerm_resource_group.main.location

  ip_configuration {
    name                          = "primary"
    subnet_id                     = azurerm_subnet.${subnetName}.id
    private_ip_address_allocation = "Dynamic"
  }
}

resource "azurerm_linux_virtual_machine" "${name}" {
  name                            = "vm-${name}"
  resource_group_name             = azurerm_resource_group.main.name
  location                        = azurerm_resource_group.main.location
  size                            = "Standard_B2s"
  admin_username                  = "azureuser"
  disable_password_authentication = true
  network_interface_ids           = [azurerm_network_interface.${name}.id]

  admin_ssh_key {
    username   = "azureuser"
    public_key = file("~/.ssh/id_rsa.pub")
  }

  os_disk {
    caching              = "ReadWrite"
    storage_account_type = "Premium_LRS"
  }

  source_image_reference {
    publisher = "Canonical"
    offer     = "ubuntu-24_04-lts"
    sku       = "server"
    version   = "latest"
  }
}
`;

const SHARE = `
resource "azurerm_storage_account" "exports" {
  name                     = "stshopexports"
  resource_group_name      = azurerm_resource_group.main.name
  location                 = azurerm_resource_group.main.location
  account_tier             = "Standard"
  account_replication_type = "ZRS"

  network_rules {
    default_action             = "Deny"
    bypass                     = ["AzureServices"]
    virtual_network_subnet_ids = [azurerm_subnet.app.id]
  }
}

resource "azurerm_storage_share" "exports" {
  name               = "exports"
  storage_account_id = azurerm_storage_account.exports.id
  quota              = 100
}
`;

function read(content: string) {
  const out = terraformToDesign([{ path: 'main.tf', content }]);
  const design = out.design!;
  const again = generate(design, { format: 'terraform', layout: 'single' });
  if (!again.ok) throw new Error(again.issues.map((i) => i.message).join('\n'));
  return {
    connections: design.connections.map((c) => `${c.from}>${c.to}:${c.type}`),
    warnings: out.warnings.map((w) => w.message),
    terraform: again.files
      .filter((f) => f.path.endsWith('.tf'))
      .map((f) => f.content)
      .join('\n'),
  };
}

beforeAll(() => {
  useSchemaData();
}, 120_000);

describe('a data connection written into the client’s subnet', () => {
  it('reads the one component in the subnet a storage firewall admits as its client', () => {
    const back = read(
      NETWORK +
        subnet('app', '10.1.1.0/24', 'Microsoft.Storage') +
        subnet('ops', '10.1.2.0/24', '') +
        vm('orders', 'app') +
        vm('admin', 'ops') +
        SHARE,
    );
    expect(back.connections).toEqual(['orders>exports:data']);
    // Written again, the firewall still admits the subnet, through its service endpoint.
    expect(back.terraform).toMatch(/virtual_network_subnet_ids = \[azurerm_subnet\.app\.id\]/);
    expect(back.terraform).toMatch(/service_endpoints\s+= \["Microsoft.Storage"\]/);
  });

  it('reads one of several components the connection writes the same for, without a warning', () => {
    const back = read(
      NETWORK +
        subnet('app', '10.1.1.0/24', 'Microsoft.Storage') +
        vm('orders', 'app') +
        vm('billing', 'app') +
        SHARE,
    );
    // Either gives the same code: the first one read.
    expect(back.connections).toHaveLength(1);
    expect(back.connections[0]).toMatch(/^(orders|billing)>exports:data$/);
    expect(back.warnings.filter((w) => w.includes('admits subnet'))).toEqual([]);
    expect(back.terraform).toMatch(/virtual_network_subnet_ids = \[azurerm_subnet\.app\.id\]/);
  });

  it('keeps the order of the subnets a Key Vault admits', () => {
    // The engine lists the readers' subnets in the order of the design's connections.
    const design = {
      v: 2,
      name: 'order',
      provider: 'azure',
      region: 'westeurope',
      environments: [{ name: 'dev' }],
      groups: [
        { id: 'net', service: 'azure.virtual-network', name: 'net', properties: {} },
        ...['a', 'b'].map((s, i) => ({
          id: `${s}-subnet`,
          service: 'azure.subnet',
          name: s,
          parent: 'net',
          properties: { cidr: `10.0.${i + 1}.0/24` },
        })),
      ],
      components: [
        { id: 'portal', service: 'azure.app-service', name: 'portal', group: 'a-subnet' },
        { id: 'apps', service: 'azure.aks', name: 'apps', group: 'b-subnet' },
        { id: 'vault', service: 'azure.key-vault', name: 'vault' },
      ].map((c) => ({ ...c, properties: {} })),
      connections: [
        { from: 'apps', to: 'vault', type: 'data' },
        { from: 'portal', to: 'vault', type: 'data' },
      ],
    };
    const generated = generate(design, { format: 'terraform', layout: 'single' });
    if (!generated.ok) throw new Error(generated.issues.map((i) => i.message).join('\n'));
    const main = generated.files.find((f) => f.path === 'main.tf')!.content;
    const list = /virtual_network_subnet_ids = (\[[^\]]*\])/.exec(main)![1];
    expect(list).toBe('[azurerm_subnet.b_subnet.id, azurerm_subnet.a_subnet.id]');
    const back = read(main);
    expect(back.terraform).toContain(`virtual_network_subnet_ids = ${list}`);
  });

  describe('among components a connection writes differently for', () => {
    /** A VM and an AKS cluster in one subnet, the engine's Terraform of it, and it read back. */
    function cluster(connections: readonly [string, string][]) {
      const design = {
        v: 2,
        name: 'mixed',
        provider: 'azure',
        region: 'westeurope',
        environments: [{ name: 'dev' }],
        groups: [
          { id: 'net', service: 'azure.virtual-network', name: 'net', properties: {} },
          {
            id: 'apps',
            service: 'azure.subnet',
            name: 'apps',
            parent: 'net',
            properties: { cidr: '10.0.1.0/24' },
          },
        ],
        components: [
          { id: 'batch', service: 'azure.linux-vm', name: 'batch', group: 'apps' },
          { id: 'cluster', service: 'azure.aks', name: 'cluster', group: 'apps' },
          { id: 'exports', service: 'azure.file-share', name: 'exports' },
          { id: 'secrets', service: 'azure.key-vault', name: 'secrets' },
        ].map((c) => ({ ...c, properties: {} })),
        connections: connections.map(([from, to]) => ({ from, to, type: 'data' })),
      };
      const generated = generate(design, { format: 'terraform', layout: 'single' });
      if (!generated.ok) throw new Error(generated.issues.map((i) => i.message).join('\n'));
      const main = generated.files.find((f) => f.path === 'main.tf')!.content;
      return { main, back: read(main) };
    }
    /** What the firewalls admit and the subnets' service endpoints, with what the cluster has. */
    const access = (text: string) =>
      text
        .split('\n')
        .filter((l) => /virtual_network_subnet_ids|service_endpoints|federated|workload/.test(l))
        .sort();

    it('reads the one whose own code the connection explains (a cluster’s workload identity)', () => {
      const { main, back } = cluster([['cluster', 'exports']]);
      expect(back.connections).toContain('cluster>exports:data');
      expect(back.connections.filter((c) => c.endsWith('>exports:data'))).toHaveLength(1);
      expect(access(back.terraform)).toEqual(access(main));
    });

    it('reads either where its code is explained by another connection, and the code is the same', () => {
      const { main, back } = cluster([
        ['cluster', 'secrets'],
        ['batch', 'exports'],
      ]);
      expect(back.connections.filter((c) => c.endsWith('>exports:data'))).toHaveLength(1);
      expect(back.warnings.filter((w) => w.includes('admits subnet'))).toEqual([]);
      expect(access(back.terraform)).toEqual(access(main));
    });
  });
});
