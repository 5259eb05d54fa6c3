import { defineService, type TNode, type TTfBuildContext } from '../service';
import { listProp, strProp } from '../properties';
import { block, ref, tpl, type TTfValue } from '../../ir/terraform-ir';
import {
  compartment,
  domainsByEnvironment,
  environmentDomain,
  domainPerEnvironment,
} from './shared';

/**
 * Email Delivery: an email domain, its DKIM key and approved senders ("Email Delivery" ›
 * Configure Email Domains, DKIM). Connected to a DNS zone, the domain is the zone's and the DKIM
 * CNAME record is written into it, so receivers can verify the signature without a manual step.
 */
const WHY = 'an email domain is unique in the tenancy and region';

/**
 * The email domain in this environment, one per environment as OCI requires: the connected
 * zone's own domain is that zone's name, a subdomain of it is under the zone of each environment
 * (`mail.dev.shop.example.com`), and a domain of its own is made one per environment as a zone's
 * is (domainsByEnvironment).
 */
function emailDomainOf(ctx: TTfBuildContext, zone: TNode | undefined) {
  const zoneDomain = zone ? String(zone.properties['domain']) : undefined;
  const own = ctx.value('domain');
  const isGiven = Object.values(ctx.node.overrides).some((o) => o['domain'] !== undefined);
  const inZone =
    zoneDomain !== undefined &&
    (own === '' || own === zoneDomain || own.endsWith(`.${zoneDomain}`));
  if (zone && inZone && !isGiven) {
    if (own === '' || own === zoneDomain)
      return { domain: ref(ctx.address(zone, 'oci_dns_zone'), 'name'), inZone };
    const host = own.slice(0, own.length - zoneDomain.length);
    const zones = domainsByEnvironment(zone, 'domain', ctx.environments).values;
    const values = Object.fromEntries(Object.entries(zones).map(([e, d]) => [e, `${host}${d}`]));
    return { domain: domainPerEnvironment(ctx, 'domain', values, WHY), inZone };
  }
  const domain: TTfValue =
    own !== '' || isGiven
      ? environmentDomain(ctx, 'domain', WHY)
      : ctx.variable({
          name: `${ctx.node.local}_domain`,
          type: 'string',
          description: `Email domain of ${ctx.node.name} in this environment (a domain you control, such as mail.example.com; one per environment, as ${WHY}).`,
        });
  return { domain, inZone };
}

export const ociEmailDelivery = defineService({
  id: 'oci.email-delivery',
  cloud: 'oci',
  kind: 'email',
  name: 'Email Delivery',
  category: 'messaging',
  description:
    'Email domain with a DKIM key and approved senders; connected to a DNS zone it uses the zone’s domain and publishes the DKIM record there. Components connected to it may send through the HTTPS submission API.',
  icon: 'oci-email',
  properties: [
    strProp(
      'domain',
      'Email domain',
      '',
      'Domain the senders belong to. Empty: the connected DNS zone’s domain, else a required variable <component>_domain.',
    ),
    listProp('senders', 'Sender names', ['noreply']),
  ],
  placement: 'none',
  naming: { rule: 'oci-dkim-selector', abbreviation: 'dkim' },
  emits: {
    terraform: ['oci_email_email_domain', 'oci_email_dkim', 'oci_email_sender', 'oci_dns_rrset'],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const zone = ctx.outgoing().find((e) => e.node.service.kind === 'dns-zone')?.node;
    const { domain, inZone } = emailDomainOf(ctx, zone);
    const emailDomain = ctx.resource('oci_email_email_domain', local, {
      compartment_id: compartment(),
      name: domain,
      description: `Email domain of ${ctx.node.name}`,
      freeform_tags: ctx.tags(),
    });
    const dkim = ctx.resource('oci_email_dkim', local, {
      email_domain_id: ref(emailDomain.address, 'id'),
      // The DKIM selector: unique in the domain, lowercase letters, digits and hyphens.
      name: ctx.name(),
      description: `DKIM key of ${ctx.node.name}`,
      freeform_tags: ctx.tags(),
    });
    if (zone && inZone) {
      const record = ref(dkim.address, 'dns_subdomain_name');
      ctx.resource('oci_dns_rrset', `${local}_dkim`, {
        zone_name_or_id: ref(ctx.address(zone, 'oci_dns_zone'), 'id'),
        domain: record,
        rtype: 'CNAME',
        items: block({
          domain: record,
          rtype: 'CNAME',
          rdata: ref(dkim.address, 'cname_record_value'),
          ttl: 3600,
        }),
      });
    }
    const senders = ctx
      .value<string[]>('senders')
      .map((s) => s.toLowerCase().replace(/[^a-z0-9._-]/g, ''))
      .filter((s) => s !== '');
    for (const localPart of new Set(senders)) {
      ctx.resource('oci_email_sender', `${local}_${localPart.replace(/[^a-z0-9_]/g, '_')}`, {
        compartment_id: compartment(),
        email_address: tpl(`${localPart}@`, ref(emailDomain.address, 'name')),
        freeform_tags: ctx.tags(),
      });
    }
    ctx.output(
      'dkim_cname',
      `DKIM record of ${ctx.node.name} (CNAME of the selector's subdomain)`,
      tpl(
        ref(dkim.address, 'dns_subdomain_name'),
        ' CNAME ',
        ref(dkim.address, 'cname_record_value'),
      ),
    );
  },
});
