import type { TNode, TTfBuildContext } from '../service';
import { call, ref, tfVar, type TTfValue } from '../../ir/terraform-ir';

/** Shared pieces of the OCI services: compartment, availability domain, images, subnets. */
export const compartment = (): TTfValue => tfVar('compartment_ocid');

export function availabilityDomain(ctx: TTfBuildContext, index = 0): TTfValue {
  const ads = ctx.data('oci_identity_availability_domains', 'ads', {
    compartment_id: tfVar('tenancy_ocid'),
  });
  return ref(ads.address, `availability_domains[${index}].name`);
}

export const vcnId = (ctx: TTfBuildContext): TTfValue =>
  ref(ctx.address(ctx.network()!, 'oci_core_vcn'), 'id');
export const subnetId = (ctx: TTfBuildContext, subnet: TNode): TTfValue =>
  ref(ctx.address(subnet, 'oci_core_subnet'), 'id');

/** A DNS label from a node: letters and digits, starting with a letter, 15 at most. */
export const dnsLabel = (node: TNode): string => {
  const clean = node.id.replace(/[^a-z0-9]/g, '');
  return (/^[a-z]/.test(clean) ? clean : `n${clean}`).slice(0, 15);
};

/** Network security groups attached to a component by placement connections. */
export const nsgIds = (ctx: TTfBuildContext): TTfValue[] =>
  ctx
    .outgoing('placement')
    .filter((e) => e.node.service.kind === 'security-group')
    .map((e) => ref(ctx.address(e.node, 'oci_core_network_security_group'), 'id'));

export const first = (list: TTfValue): TTfValue => call('element', list, 0);
