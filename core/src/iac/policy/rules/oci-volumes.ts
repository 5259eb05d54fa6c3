import { attr, blocks, ofType, text, tfHit } from '../query';
import { defineRule, type TPolicyHit } from '../types';
import type { TTfBody } from '../../ir/terraform-ir';

/** Block Volume: the traffic between instances and their boot and block volumes. */

/** In-transit encryption set on a launch: in the launch details, or in their launch options. */
const isLaunchEncrypted = (launch: TTfBody): boolean =>
  attr(launch, 'is_pv_encryption_in_transit_enabled') === true ||
  blocks(launch, 'launch_options').some(
    (o) => attr(o.body, 'is_pv_encryption_in_transit_enabled') === true,
  );

const UNENCRYPTED =
  'volume traffic is not encrypted in transit (is_pv_encryption_in_transit_enabled)';

export const ociVolumeTransitEncryption = defineRule({
  id: 'oci-volume-transit-encryption',
  clouds: ['oci'],
  title: 'Boot and block volume traffic is encrypted in transit',
  checks:
    'Compute instances, the launch details of instance configurations, OKE node pools and paravirtualized volume attachments set is_pv_encryption_in_transit_enabled: OCI leaves it off by default, so the data between an instance and its boot and block volumes crosses the network unencrypted.',
  severity: 'medium',
  docs: 'https://docs.oracle.com/iaas/Content/Block/Concepts/blockvolumeencryption.htm',
  source: 'Checkov CKV_OCI_4',
  terraform: (resources) => [
    ...ofType(resources, 'oci_core_instance')
      .filter((r) => !isLaunchEncrypted(r.body))
      .map((r) => tfHit(r, UNENCRYPTED)),
    ...ofType(resources, 'oci_core_instance_configuration').flatMap((r): TPolicyHit[] =>
      blocks(r.body, 'instance_details')
        .flatMap((d) => blocks(d.body, 'launch_details'))
        .some((l) => !isLaunchEncrypted(l.body))
        ? [tfHit(r, `the instances it launches: ${UNENCRYPTED}`)]
        : [],
    ),
    ...ofType(resources, 'oci_containerengine_node_pool')
      .filter((r) =>
        blocks(r.body, 'node_config_details').some(
          (d) => attr(d.body, 'is_pv_encryption_in_transit_enabled') !== true,
        ),
      )
      .map((r) => tfHit(r, `the nodes' ${UNENCRYPTED}`)),
    ...ofType(resources, 'oci_core_volume_attachment')
      .filter(
        (r) =>
          text(r.body, 'attachment_type').toLowerCase() === 'paravirtualized' &&
          attr(r.body, 'is_pv_encryption_in_transit_enabled') !== true,
      )
      .map((r) => tfHit(r, UNENCRYPTED)),
  ],
});
