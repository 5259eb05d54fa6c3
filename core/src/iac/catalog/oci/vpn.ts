import { defineService } from '../service';
import { cidrProp, strProp } from '../properties';
import { block, ref } from '../../ir/terraform-ir';
import { compartment, vcnId } from './shared';

/** OCI Site-to-Site VPN: DRG, customer-premises equipment and IPSec connection. */

export const ociVpn = defineService({
  id: 'oci.site-to-site-vpn',
  cloud: 'oci',
  kind: 'vpn-gateway',
  name: 'Site-to-Site VPN',
  category: 'networking',
  description:
    'Dynamic routing gateway attached to the VCN, customer-premises equipment and an IPSec connection with static routes; the subnets route the on-premises CIDR to the DRG.',
  icon: 'oci-vpn',
  properties: [
    strProp('customerIp', 'On-premises public IP', '203.0.113.10'),
    cidrProp('onPremCidr', 'On-premises CIDR', '192.168.0.0/16'),
  ],
  placement: 'network',
  naming: { rule: 'oci-display', abbreviation: 'vpn' },
  emits: {
    terraform: ['oci_core_ipsec', 'oci_core_drg', 'oci_core_drg_attachment', 'oci_core_cpe'],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const drg = ctx.resource('oci_core_drg', local, {
      compartment_id: compartment(),
      display_name: ctx.name('drg'),
      freeform_tags: ctx.tags(),
    });
    ctx.resource('oci_core_drg_attachment', local, {
      drg_id: ref(drg.address, 'id'),
      display_name: ctx.name('drga'),
      freeform_tags: ctx.tags(),
      network_details: block({ id: vcnId(ctx), type: 'VCN' }),
    });
    const cpe = ctx.resource('oci_core_cpe', local, {
      compartment_id: compartment(),
      display_name: ctx.name('cpe'),
      ip_address: ctx.prop('customerIp'),
      freeform_tags: ctx.tags(),
    });
    const ipsec = ctx.resource('oci_core_ipsec', local, {
      compartment_id: compartment(),
      cpe_id: ref(cpe.address, 'id'),
      drg_id: ref(drg.address, 'id'),
      display_name: ctx.name(),
      static_routes: [ctx.prop('onPremCidr')],
      freeform_tags: ctx.tags(),
    });
    ctx.output('ipsec_id', `OCID of IPSec connection ${ctx.node.name}`, ref(ipsec.address, 'id'));
  },
});
