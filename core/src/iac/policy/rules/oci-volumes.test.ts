import { describe, expect, it } from 'vitest';
import { block } from '../../ir/terraform-ir';
import { tf, tfAddresses } from '../testing/ir';
import { ociVolumeTransitEncryption } from './oci-volumes';

describe('oci-volume-transit-encryption', () => {
  const on = { is_pv_encryption_in_transit_enabled: true };
  const config = (name: string, launch: Parameters<typeof block>[0]) =>
    tf('oci_core_instance_configuration', name, {
      instance_details: block({ instance_type: 'compute', launch_details: block(launch) }),
    });

  it('flags instances, configurations, node pools and attachments that leave it off', () => {
    const resources = [
      tf('oci_core_instance', 'vm', { shape: 'VM.Standard.E5.Flex' }),
      tf('oci_core_instance', 'off', {
        launch_options: block({ is_pv_encryption_in_transit_enabled: false }),
      }),
      config('pool', { shape: 'VM.Standard.E5.Flex' }),
      tf('oci_containerengine_node_pool', 'oke', { node_config_details: block({ size: 3 }) }),
      tf('oci_core_volume_attachment', 'vol', { attachment_type: 'paravirtualized' }),
    ];
    expect(tfAddresses(ociVolumeTransitEncryption, resources)).toEqual([
      'oci_core_instance.vm',
      'oci_core_instance.off',
      'oci_core_instance_configuration.pool',
      'oci_containerengine_node_pool.oke',
      'oci_core_volume_attachment.vol',
    ]);
  });

  it('passes the setting in launch options or launch details, and iSCSI attachments', () => {
    const resources = [
      tf('oci_core_instance', 'vm', { launch_options: block(on) }),
      tf('oci_core_instance', 'top', on),
      config('pool', on),
      config('legacy', { launch_options: block(on) }),
      tf('oci_containerengine_node_pool', 'oke', { node_config_details: block(on) }),
      tf('oci_core_volume_attachment', 'vol', { attachment_type: 'paravirtualized', ...on }),
      tf('oci_core_volume_attachment', 'iscsi', { attachment_type: 'iscsi' }),
    ];
    expect(tfAddresses(ociVolumeTransitEncryption, resources)).toEqual([]);
  });
});
