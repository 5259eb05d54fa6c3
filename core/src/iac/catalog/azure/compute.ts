import { defineService, type TArmBuildContext, type TTfBuildContext } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import { aref, armFn, type TArmValue } from '../../ir/arm-ir';
import { block, call, obj, ref, type TTfValue } from '../../ir/terraform-ir';
import {
  armRoleAssignments,
  ROLE_ASSIGNMENT_API,
  tfRoleAssignments,
  tfSystemIdentity,
} from './access';
import { DATA_PLANE_ARM, DATA_PLANE_TERRAFORM } from './data-planes';
import { armLocation, armSubnetId, placed, tfSubnetId } from './shared';
import { armDataDisks } from './managed-disk';
import { armLbPoolId, azureLbsOf } from './load-balancer';
import { armVmSettings, tfVmSettings } from './connection-settings';
import { armCustomData, tfCustomData } from './custom-data';

/** Azure compute: Linux virtual machines with NIC, image, managed disk and SSH key. */
const COMPUTE_API = '2025-11-01';
const NETWORK_API = '2025-05-01';

export const AZURE_VM_SIZES = [
  'Standard_B1s',
  'Standard_B1ms',
  'Standard_B2s',
  'Standard_B2ms',
  'Standard_B4ms',
  'Standard_D2s_v5',
  'Standard_D4s_v5',
  'Standard_D8s_v5',
  'Standard_E2s_v5',
  'Standard_E4s_v5',
  'Standard_F2s_v2',
  'Standard_F4s_v2',
] as const;

/** Marketplace images (publisher, offer, sku) of the supported distributions. */
const IMAGES: Readonly<Record<string, { publisher: string; offer: string; sku: string }>> = {
  'ubuntu-24.04': { publisher: 'Canonical', offer: 'ubuntu-24_04-lts', sku: 'server' },
  'ubuntu-22.04': {
    publisher: 'Canonical',
    offer: '0001-com-ubuntu-server-jammy',
    sku: '22_04-lts-gen2',
  },
  'debian-12': { publisher: 'Debian', offer: 'debian-12', sku: '12-gen2' },
};

/**
 * A VM's or scale set's connection settings (decision 0033) as its user data: base64 of a JSON
 * object `{ "ORDERS_HOST": ... }`, the names and values an app with the same data connections
 * gets. Code on the VM reads it with a GET of
 * `http://169.254.169.254/metadata/instance/compute/userData?api-version=2021-01-01&format=text`
 * and the header `Metadata: true`, and base64-decodes it. User data, unlike custom data, can be
 * changed without stopping the VM, so `apply` updates a moved store's address in place; it is
 * not encrypted and any process on the VM may read it, so it holds addresses and names only, at
 * most 64 KB ("User data for Azure Virtual Machine" and "Azure Instance Metadata Service, user
 * data", Azure Virtual Machines docs). A scale set's user data is in its model: with the manual
 * upgrade policy, new instances take a change and existing ones once they are updated to the
 * model. Without data connections, no user data.
 */
export function tfUserData(ctx: TTfBuildContext): Record<string, TTfValue> {
  const settings = tfVmSettings(ctx);
  if (Object.keys(settings).length === 0) return {};
  return { user_data: call('base64encode', call('jsonencode', obj(settings))) };
}

/** ARM `userData` (of a VM, or of a scale set's `virtualMachineProfile`): the same JSON. */
export function armUserData(ctx: TArmBuildContext): Record<string, TArmValue> {
  const settings = armVmSettings(ctx);
  if (Object.keys(settings).length === 0) return {};
  return { userData: armFn('base64', armFn('string', settings)) };
}

export const azureLinuxVm = defineService({
  id: 'azure.linux-vm',
  cloud: 'azure',
  kind: 'vm',
  name: 'Linux virtual machine',
  category: 'compute',
  description:
    'Linux VM with its network interface, marketplace image, managed OS disk and SSH key.',
  icon: 'azure-vm',
  properties: [
    enumProp('size', 'Size', AZURE_VM_SIZES, 'Standard_B2s'),
    enumProp('os', 'Image', Object.keys(IMAGES), 'ubuntu-24.04'),
    numProp('diskSize', 'OS disk (GiB)', 64, 30, 4095),
    enumProp(
      'diskType',
      'OS disk type',
      ['Premium_LRS', 'StandardSSD_LRS', 'Standard_LRS'],
      'Premium_LRS',
    ),
    strProp('adminUser', 'Admin user', 'azureuser'),
  ],
  placement: 'subnet',
  port: 80,
  naming: { rule: 'azure-vm-linux', abbreviation: 'vm' },
  emits: {
    terraform: [
      'azurerm_linux_virtual_machine',
      'azurerm_network_interface',
      'azurerm_role_assignment',
      ...DATA_PLANE_TERRAFORM,
    ],
    arm: [
      { type: 'Microsoft.Compute/virtualMachines', apiVersion: COMPUTE_API },
      { type: 'Microsoft.Network/networkInterfaces', apiVersion: NETWORK_API },
      { type: 'Microsoft.Authorization/roleAssignments', apiVersion: ROLE_ASSIGNMENT_API },
      ...DATA_PLANE_ARM,
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const image = IMAGES[ctx.value('os')] ?? IMAGES['ubuntu-24.04']!;
    const nic = ctx.resource('azurerm_network_interface', local, {
      name: ctx.name('nic'),
      ...placed(),
      tags: ctx.tags(),
      ip_configuration: block({
        name: 'primary',
        subnet_id: tfSubnetId(ctx, ctx.subnets()[0]!),
        private_ip_address_allocation: 'Dynamic',
      }),
    });
    const key = ctx.variable({
      name: 'ssh_public_key',
      type: 'string',
      description: 'SSH public key (OpenSSH format) installed on the virtual machines.',
    });
    const boot = tfCustomData(ctx);
    const vm = ctx.resource(
      'azurerm_linux_virtual_machine',
      local,
      {
        name: ctx.name(),
        ...placed(),
        size: ctx.prop('size'),
        admin_username: ctx.prop('adminUser'),
        disable_password_authentication: true,
        network_interface_ids: [ref(nic.address, 'id')],
        ...boot,
        ...tfUserData(ctx),
        tags: ctx.tags(),
        admin_ssh_key: block({ username: ctx.prop('adminUser'), public_key: key }),
        os_disk: block({
          caching: 'ReadWrite',
          storage_account_type: ctx.prop('diskType'),
          disk_size_gb: ctx.prop('diskSize'),
        }),
        source_image_reference: block({ ...image, version: 'latest' }),
        identity: block({ type: 'SystemAssigned' }),
      },
      undefined,
      // Custom data runs at first boot only, and a changed one replaces the VM (azurerm): a new
      // script is left out of the plan rather than destroying the VM and its disk for nothing.
      'custom_data' in boot ? { lifecycle: { ignoreChanges: ['custom_data'] } } : undefined,
    );
    tfRoleAssignments(ctx, tfSystemIdentity(vm.address));
    ctx.output(
      'principal_id',
      `Managed identity of ${ctx.node.name}`,
      ref(vm.address, 'identity[0].principal_id'),
    );
    ctx.output(
      'private_ip',
      `Private IP of ${ctx.node.name}`,
      ref(vm.address, 'private_ip_address'),
    );
  },
  arm: (ctx) => {
    const image = IMAGES[ctx.value('os')] ?? IMAGES['ubuntu-24.04']!;
    // In Terraform the load balancer adds the NIC to its pool; in ARM the NIC lists the pool.
    const lbs = azureLbsOf(ctx);
    const nic = ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Nic'),
      type: 'Microsoft.Network/networkInterfaces',
      apiVersion: NETWORK_API,
      name: ctx.name('nic'),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: {
          ipConfigurations: [
            {
              name: 'primary',
              properties: {
                privateIPAllocationMethod: 'Dynamic',
                subnet: { id: armSubnetId(ctx, ctx.subnets()[0]!) },
                ...(lbs.length > 0
                  ? {
                      loadBalancerBackendAddressPools: lbs.map((lb) => ({
                        id: armLbPoolId(ctx, lb),
                      })),
                    }
                  : {}),
              },
            },
          ],
        },
      },
    });
    const key = ctx.parameter({
      name: 'sshPublicKey',
      type: 'string',
      secure: true,
      description: 'SSH public key (OpenSSH format) for the virtual machines.',
      envVar: 'SSH_PUBLIC_KEY',
    });
    const user = ctx.prop('adminUser');
    const disks = armDataDisks(ctx);
    const vm = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Compute/virtualMachines',
      apiVersion: COMPUTE_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        identity: { type: 'SystemAssigned' },
        properties: {
          hardwareProfile: { vmSize: ctx.prop('size') },
          storageProfile: {
            imageReference: { ...image, version: 'latest' },
            osDisk: {
              createOption: 'FromImage',
              caching: 'ReadWrite',
              diskSizeGB: ctx.prop('diskSize'),
              managedDisk: { storageAccountType: ctx.prop('diskType') },
            },
            ...(disks.length > 0 ? { dataDisks: disks } : {}),
          },
          osProfile: {
            computerName: ctx.node.name,
            adminUsername: user,
            ...armCustomData(ctx),
            linuxConfiguration: {
              disablePasswordAuthentication: true,
              ssh: {
                publicKeys: [
                  {
                    path: `/home/${String(ctx.value('adminUser'))}/.ssh/authorized_keys`,
                    keyData: key,
                  },
                ],
              },
            },
          },
          networkProfile: { networkInterfaces: [{ id: aref(nic, 'id') }] },
          ...armUserData(ctx),
        },
      },
    });
    armRoleAssignments(ctx, vm, 'identity.principalId');
    ctx.output(
      'principalId',
      `Managed identity of ${ctx.node.name}`,
      aref(vm, 'identity.principalId'),
    );
    ctx.output(
      'privateIp',
      `Private IP of ${ctx.node.name}`,
      aref(nic, 'properties.ipConfigurations[0].properties.privateIPAddress'),
    );
  },
});
