import { defineService, type TArmBuildContext, type TTfBuildContext } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import { aref, type TArmValue } from '../../ir/arm-ir';
import { block, ref, type TTfValue } from '../../ir/terraform-ir';
import {
  armRoleAssignments,
  ROLE_ASSIGNMENT_API,
  tfRoleAssignments,
  tfSystemIdentity,
} from './access';
import { DATA_PLANE_ARM, DATA_PLANE_TERRAFORM } from './data-planes';
import { armUserData, AZURE_VM_SIZES, tfUserData } from './compute';
import { armCustomData, tfCustomData } from './custom-data';
import { armLocation, armSubnetId, placed, tfSubnetId } from './shared';
import { armLbPoolId, azureLbsOf, tfLbPoolId } from './load-balancer';
import { armAgwPoolId, azureAgwsOf, tfAgwPoolId } from './app-gateway-targets';

/** Azure VM scale sets (Linux, uniform orchestration) with CPU autoscale. */
const COMPUTE_API = '2025-11-01';
const AUTOSCALE_API = '2022-10-01';
/** Marketplace images (publisher, offer, sku), as for the Linux VM. */
const IMAGES: Readonly<Record<string, { publisher: string; offer: string; sku: string }>> = {
  'ubuntu-24.04': { publisher: 'Canonical', offer: 'ubuntu-24_04-lts', sku: 'server' },
  'ubuntu-22.04': {
    publisher: 'Canonical',
    offer: '0001-com-ubuntu-server-jammy',
    sku: '22_04-lts-gen2',
  },
  'debian-12': { publisher: 'Debian', offer: 'debian-12', sku: '12-gen2' },
};

/** CPU autoscale rules: one instance out above the target, one in below half of it. */
function scaleRules(target: number, up: boolean) {
  return {
    metric: 'Percentage CPU',
    operator: up ? 'GreaterThan' : 'LessThan',
    threshold: up ? target : Math.floor(target / 2),
    direction: up ? 'Increase' : 'Decrease',
  };
}

/** A scale set joins the pools of the load balancers and gateways that send it traffic. */
function tfEntryPools(ctx: TTfBuildContext): Record<string, TTfValue> {
  const lbs = azureLbsOf(ctx).map((n) => tfLbPoolId(ctx, n));
  const agws = azureAgwsOf(ctx).map((n) => tfAgwPoolId(ctx, n));
  return {
    ...(lbs.length > 0 ? { load_balancer_backend_address_pool_ids: lbs } : {}),
    ...(agws.length > 0 ? { application_gateway_backend_address_pool_ids: agws } : {}),
  };
}

function armEntryPools(ctx: TArmBuildContext): Record<string, TArmValue> {
  const lbs = azureLbsOf(ctx).map((n) => ({ id: armLbPoolId(ctx, n) }));
  const agws = azureAgwsOf(ctx).map((n) => ({ id: armAgwPoolId(ctx, n) }));
  return {
    ...(lbs.length > 0 ? { loadBalancerBackendAddressPools: lbs } : {}),
    ...(agws.length > 0 ? { applicationGatewayBackendAddressPools: agws } : {}),
  };
}

export const azureVmScaleSet = defineService({
  id: 'azure.vm-scale-set',
  cloud: 'azure',
  kind: 'autoscaling-group',
  name: 'Virtual machine scale set',
  category: 'compute',
  description:
    'Linux VM scale set (uniform orchestration) with a marketplace image, managed OS disks, SSH key, system identity and CPU autoscale between a minimum and a maximum.',
  icon: 'azure-vmss',
  properties: [
    enumProp('size', 'Size', AZURE_VM_SIZES, 'Standard_B2s'),
    enumProp('os', 'Image', Object.keys(IMAGES), 'ubuntu-24.04'),
    enumProp(
      'diskType',
      'OS disk type',
      ['Premium_LRS', 'StandardSSD_LRS', 'Standard_LRS'],
      'Premium_LRS',
    ),
    numProp('minSize', 'Minimum instances', 2, 1, 1000),
    numProp('maxSize', 'Maximum instances', 6, 1, 1000),
    numProp('cpuTarget', 'Scale-out CPU (%)', 70, 10, 95),
    strProp('adminUser', 'Admin user', 'azureuser'),
  ],
  placement: 'subnet',
  port: 80,
  naming: { rule: 'azure-vm-linux', abbreviation: 'vmss' },
  emits: {
    terraform: [
      'azurerm_linux_virtual_machine_scale_set',
      'azurerm_monitor_autoscale_setting',
      'azurerm_role_assignment',
      ...DATA_PLANE_TERRAFORM,
    ],
    arm: [
      { type: 'Microsoft.Compute/virtualMachineScaleSets', apiVersion: COMPUTE_API },
      { type: 'Microsoft.Insights/autoscalesettings', apiVersion: AUTOSCALE_API },
      { type: 'Microsoft.Authorization/roleAssignments', apiVersion: ROLE_ASSIGNMENT_API },
      ...DATA_PLANE_ARM,
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const image = IMAGES[ctx.value('os')] ?? IMAGES['ubuntu-24.04']!;
    const key = ctx.variable({
      name: 'ssh_public_key',
      type: 'string',
      description: 'SSH public key (OpenSSH format) installed on the virtual machines.',
    });
    const vmss = ctx.resource(
      'azurerm_linux_virtual_machine_scale_set',
      local,
      {
        name: ctx.name(),
        ...placed(),
        sku: ctx.prop('size'),
        instances: ctx.prop('minSize'),
        admin_username: ctx.prop('adminUser'),
        disable_password_authentication: true,
        upgrade_mode: 'Manual',
        ...tfCustomData(ctx),
        ...tfUserData(ctx),
        tags: ctx.tags(),
        admin_ssh_key: block({ username: ctx.prop('adminUser'), public_key: key }),
        source_image_reference: block({ ...image, version: 'latest' }),
        os_disk: block({ caching: 'ReadWrite', storage_account_type: ctx.prop('diskType') }),
        network_interface: block({
          name: 'nic',
          primary: true,
          ip_configuration: block({
            name: 'primary',
            primary: true,
            subnet_id: tfSubnetId(ctx, ctx.subnets()[0]!),
            ...tfEntryPools(ctx),
          }),
        }),
        identity: block({ type: 'SystemAssigned' }),
      },
      undefined,
      // The autoscale setting below owns the instance count; `minSize` is only the first one.
      { lifecycle: { ignoreChanges: ['instances'] } },
    );
    const rule = (up: boolean) => {
      const r = scaleRules(ctx.value<number>('cpuTarget'), up);
      return block({
        metric_trigger: block({
          metric_name: r.metric,
          metric_resource_id: ref(vmss.address, 'id'),
          time_grain: 'PT1M',
          statistic: 'Average',
          time_window: 'PT5M',
          time_aggregation: 'Average',
          operator: r.operator,
          threshold: r.threshold,
        }),
        scale_action: block({
          direction: r.direction,
          type: 'ChangeCount',
          value: 1,
          cooldown: 'PT5M',
        }),
      });
    };
    ctx.resource('azurerm_monitor_autoscale_setting', local, {
      name: ctx.name('autoscale'),
      ...placed(),
      target_resource_id: ref(vmss.address, 'id'),
      tags: ctx.tags(),
      profile: block({
        name: 'cpu',
        capacity: block({
          default: ctx.prop('minSize'),
          minimum: ctx.prop('minSize'),
          maximum: ctx.prop('maxSize'),
        }),
        rule: [rule(true), rule(false)],
      }),
    });
    tfRoleAssignments(ctx, tfSystemIdentity(vmss.address));
    ctx.output(
      'principal_id',
      `Managed identity of ${ctx.node.name}`,
      ref(vmss.address, 'identity[0].principal_id'),
    );
  },
  arm: (ctx) => {
    const image = IMAGES[ctx.value('os')] ?? IMAGES['ubuntu-24.04']!;
    const key = ctx.parameter({
      name: 'sshPublicKey',
      type: 'string',
      secure: true,
      description: 'SSH public key (OpenSSH format) for the virtual machines.',
      envVar: 'SSH_PUBLIC_KEY',
    });
    const vmss = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Compute/virtualMachineScaleSets',
      apiVersion: COMPUTE_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: { name: ctx.prop('size'), tier: 'Standard', capacity: ctx.prop('minSize') },
        identity: { type: 'SystemAssigned' },
        properties: {
          orchestrationMode: 'Uniform',
          upgradePolicy: { mode: 'Manual' },
          virtualMachineProfile: {
            osProfile: {
              computerNamePrefix: ctx.node.name,
              adminUsername: ctx.prop('adminUser'),
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
            storageProfile: {
              imageReference: { ...image, version: 'latest' },
              osDisk: {
                createOption: 'FromImage',
                caching: 'ReadWrite',
                managedDisk: { storageAccountType: ctx.prop('diskType') },
              },
            },
            networkProfile: {
              networkInterfaceConfigurations: [
                {
                  name: 'nic',
                  properties: {
                    primary: true,
                    ipConfigurations: [
                      {
                        name: 'primary',
                        properties: {
                          primary: true,
                          subnet: { id: armSubnetId(ctx, ctx.subnets()[0]!) },
                          ...armEntryPools(ctx),
                        },
                      },
                    ],
                  },
                },
              ],
            },
            ...armUserData(ctx),
          },
        },
      },
    });
    const rule = (up: boolean): TArmValue => {
      const r = scaleRules(ctx.value<number>('cpuTarget'), up);
      return {
        metricTrigger: {
          metricName: r.metric,
          metricResourceUri: aref(vmss, 'id'),
          timeGrain: 'PT1M',
          statistic: 'Average',
          timeWindow: 'PT5M',
          timeAggregation: 'Average',
          operator: r.operator,
          threshold: r.threshold,
        },
        scaleAction: { direction: r.direction, type: 'ChangeCount', value: '1', cooldown: 'PT5M' },
      };
    };
    ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Autoscale'),
      type: 'Microsoft.Insights/autoscalesettings',
      apiVersion: AUTOSCALE_API,
      name: ctx.name('autoscale'),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: {
          enabled: true,
          targetResourceUri: aref(vmss, 'id'),
          profiles: [
            {
              name: 'cpu',
              capacity: {
                default: ctx.prop('minSize', (v) => String(v), 'minCapacity'),
                minimum: ctx.prop('minSize', (v) => String(v), 'minCapacity'),
                maximum: ctx.prop('maxSize', (v) => String(v), 'maxCapacity'),
              },
              rules: [rule(true), rule(false)],
            },
          ],
        },
      },
    });
    armRoleAssignments(ctx, vmss, 'identity.principalId');
    ctx.output(
      'principalId',
      `Managed identity of ${ctx.node.name}`,
      aref(vmss, 'identity.principalId'),
    );
  },
});
