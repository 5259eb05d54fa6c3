import { defineService, type TNode, type TTfBuildContext } from '../service';
import { numProp } from '../properties';
import { block, ref, type TTfValue } from '../../ir/terraform-ir';
import { compartment } from './shared';

/**
 * The volume a data connection protects: a block volume itself, or an instance's boot volume
 * (Block Volume "Policy-Based Backups" covers both). Other kinds keep their own backups.
 */
function protectedVolume(ctx: TTfBuildContext, node: TNode): TTfValue | undefined {
  if (node.service.kind === 'block-storage') return ref(ctx.address(node, 'oci_core_volume'), 'id');
  if (node.service.kind === 'vm')
    return ref(ctx.address(node, 'oci_core_instance'), 'boot_volume_id');
  return undefined;
}

const DAY_SECONDS = 86_400;

/** OCI policy-based volume backups: a daily and a monthly schedule, assigned to volumes. */
export const ociVolumeBackup = defineService({
  id: 'oci.volume-backup',
  cloud: 'oci',
  kind: 'backup',
  name: 'Volume backup policy',
  category: 'storage',
  description:
    'Backup policy with daily incremental and monthly full backups, assigned to the block volumes and instance boot volumes it has data connections to; backups keep the volume encryption.',
  icon: 'oci-backup',
  properties: [
    numProp('dailyDays', 'Keep daily backups (days)', 35, 1, 365),
    numProp('monthlyDays', 'Keep monthly backups (days)', 365, 30, 3650),
  ],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'bkp' },
  emits: {
    terraform: ['oci_core_volume_backup_policy', 'oci_core_volume_backup_policy_assignment'],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const seconds = (key: string) => ctx.prop(key, (v) => Number(v) * DAY_SECONDS, `${key}Seconds`);
    // STRUCTURED offsets place each backup at an hour (and day) of the UTC calendar.
    const policy = ctx.resource('oci_core_volume_backup_policy', local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      schedules: [
        block({
          backup_type: 'INCREMENTAL',
          period: 'ONE_DAY',
          hour_of_day: 3,
          offset_type: 'STRUCTURED',
          time_zone: 'UTC',
          retention_seconds: seconds('dailyDays'),
        }),
        block({
          backup_type: 'FULL',
          period: 'ONE_MONTH',
          day_of_month: 1,
          hour_of_day: 4,
          offset_type: 'STRUCTURED',
          time_zone: 'UTC',
          retention_seconds: seconds('monthlyDays'),
        }),
      ],
      freeform_tags: ctx.tags(),
    });
    for (const { node } of ctx.outgoing('data')) {
      const volume = protectedVolume(ctx, node);
      if (!volume) continue;
      ctx.resource('oci_core_volume_backup_policy_assignment', `${local}_${node.local}`, {
        asset_id: volume,
        policy_id: ref(policy.address, 'id'),
      });
    }
    ctx.output('policy_id', `OCID of backup policy ${ctx.node.name}`, ref(policy.address, 'id'));
  },
});
