import { defineService } from '../service';
import { listProp, strProp } from '../properties';
import { block, ref, tpl } from '../../ir/terraform-ir';
import { compartment } from './shared';
import { emailDomainOf } from '../environment-domain';

/**
 * Email Delivery: an email domain, its DKIM key and approved senders ("Email Delivery" ›
 * Configure Email Domains, DKIM). Connected to a DNS zone, the domain is the zone's and the DKIM
 * CNAME record is written into it, so receivers can verify the signature without a manual step.
 */
const WHY = 'an email domain is unique in the tenancy and region';

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
    const { domain, inZone } = emailDomainOf(
      ctx,
      zone,
      zone && ref(ctx.address(zone, 'oci_dns_zone'), 'name'),
      WHY,
    );
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
