import { defineService, type TArmBuildContext } from '../service';
import { enumProp, numProp } from '../properties';
import { aref } from '../../ir/arm-ir';
import { ref } from '../../ir/terraform-ir';
import { armLocation, placed } from './shared';

/** Azure managed data disks and the VM side of their attachment. */
const DISK_API = '2025-01-02';
const DISK_SKUS = [
  'Standard_LRS',
  'StandardSSD_LRS',
  'StandardSSD_ZRS',
  'Premium_LRS',
  'Premium_ZRS',
];

export const azureManagedDisk = defineService({
  id: 'azure.managed-disk',
  cloud: 'azure',
  kind: 'block-storage',
  name: 'Managed disk',
  category: 'storage',
  description:
    'Empty managed data disk, attached to the virtual machine that connects to it (LUN 0, read-only cache off).',
  icon: 'azure-disk',
  properties: [
    numProp('sizeGb', 'Size (GiB)', 128, 4, 32767),
    enumProp('sku', 'Disk type', DISK_SKUS, 'Premium_LRS'),
    numProp('lun', 'LUN', 0, 0, 63),
  ],
  placement: 'none',
  naming: { rule: 'azure-generic', abbreviation: 'disk' },
  emits: {
    terraform: ['azurerm_managed_disk', 'azurerm_virtual_machine_data_disk_attachment'],
    arm: [{ type: 'Microsoft.Compute/disks', apiVersion: DISK_API }],
  },
  terraform: (ctx) => {
    const disk = ctx.resource('azurerm_managed_disk', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      storage_account_type: ctx.prop('sku'),
      create_option: 'Empty',
      disk_size_gb: ctx.prop('sizeGb'),
      tags: ctx.tags(),
    });
    const vm = ctx.incoming().find((e) => e.node.service.kind === 'vm');
    if (vm) {
      ctx.resource('azurerm_virtual_machine_data_disk_attachment', ctx.node.local, {
        managed_disk_id: ref(disk.address, 'id'),
        virtual_machine_id: ref(ctx.address(vm.node, 'azurerm_linux_virtual_machine'), 'id'),
        lun: ctx.prop('lun'),
        caching: 'ReadOnly',
      });
    }
    ctx.output('id', `Id of ${ctx.node.name}`, ref(disk.address, 'id'));
  },
  arm: (ctx) => {
    const disk = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Compute/disks',
      apiVersion: DISK_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: { name: ctx.prop('sku') },
        properties: { creationData: { createOption: 'Empty' }, diskSizeGB: ctx.prop('sizeGb') },
      },
    });
    ctx.output('id', `Id of ${ctx.node.name}`, aref(disk, 'id'));
  },
});

/** The data disks a VM attaches in ARM (its `storageProfile.dataDisks`). */
export function armDataDisks(ctx: TArmBuildContext) {
  return ctx
    .outgoing()
    .filter((e) => e.node.service.kind === 'block-storage')
    .map((e) => ({
      lun: Number(e.node.properties['lun'] ?? 0),
      createOption: 'Attach',
      caching: 'ReadOnly',
      managedDisk: { id: aref(ctx.symbol(e.node), 'id') },
    }));
}
