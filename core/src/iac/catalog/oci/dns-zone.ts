import { defineService } from '../service';
import { numProp, strProp } from '../properties';
import { block, ref } from '../../ir/terraform-ir';
import { compartment, primary } from './shared';
import { environmentDomain, hostIn, ZONE_DOMAIN_HINT } from '../environment-domain';

/** OCI DNS: a public zone with records for the front ends it points to. */

export const ociDnsZone = defineService({
  id: 'oci.dns-zone',
  cloud: 'oci',
  kind: 'dns-zone',
  name: 'DNS zone',
  category: 'networking',
  description: 'Public primary zone with A records for the load balancers it points to.',
  icon: 'oci-dns',
  properties: [
    strProp('domain', 'Domain name', 'example.com', ZONE_DOMAIN_HINT),
    numProp('ttl', 'TTL (s)', 300, 30, 86400),
  ],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'dns' },
  emits: { terraform: ['oci_dns_zone', 'oci_dns_rrset'] },
  terraform: (ctx) => {
    // A global zone's name is unique in the realm: each environment has a zone of its own.
    const domain = environmentDomain(ctx, 'domain', 'a DNS zone name is unique in the realm');
    const zone = ctx.resource('oci_dns_zone', ctx.node.local, {
      compartment_id: compartment(),
      name: domain,
      zone_type: 'PRIMARY',
      scope: 'GLOBAL',
      freeform_tags: ctx.tags(),
    });
    for (const t of ctx.outgoing('traffic')) {
      const kind = t.node.service.kind;
      const address =
        kind === 'load-balancer'
          ? primary(ctx, t.node, 'ip_address_details[0].ip_address')
          : kind === 'network-load-balancer'
            ? primary(ctx, t.node, 'ip_addresses[0].ip_address')
            : undefined;
      const host = kind === 'api-gateway' ? primary(ctx, t.node, 'hostname') : undefined;
      if (!address && !host) continue;
      const name = hostIn(t.node.name, domain);
      const rtype = address ? 'A' : 'CNAME';
      ctx.resource('oci_dns_rrset', `${ctx.node.local}_${t.node.local}`, {
        zone_name_or_id: ref(zone.address, 'id'),
        domain: name,
        rtype,
        items: block({ domain: name, rtype, rdata: (address ?? host)!, ttl: ctx.prop('ttl') }),
      });
    }
    ctx.output(
      'nameservers',
      `Name servers of zone ${ctx.node.name} (${typeof domain === 'string' ? domain : `variable ${ctx.node.local}_domain`})`,
      ref(zone.address, 'nameservers'),
    );
  },
});
