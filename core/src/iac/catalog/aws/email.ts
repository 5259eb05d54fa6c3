import { defineService, type TNode, type TTfBuildContext } from '../service';
import { strProp } from '../properties';
import { block, ref, tpl, type TTfValue } from '../../ir/terraform-ir';
import {
  domainPerEnvironment,
  domainsByEnvironment,
  emailDomainOf,
  isInZone,
  isOverridden,
  underZone,
} from '../environment-domain';

/** Why an SES identity's domain differs per environment. */
const IDENTITY_WHY = 'an email identity is unique in the account and region';

/**
 * The custom MAIL FROM domain in this environment: a subdomain of the identity's domain (SES
 * refuses any other), so under the identity's domain of each environment, whether that is the
 * zone's or a domain of its own; as written where the identity's domain is a variable.
 */
function mailFromOf(ctx: TTfBuildContext, zone: TNode | undefined, inZone: boolean): TTfValue {
  const text = ctx.value('mailFromDomain');
  const zoneDomain = zone ? String(zone.properties['domain']) : undefined;
  const own = ctx.value('domain');
  if (zone && inZone && !isOverridden(ctx.node, 'domain') && isInZone(text, zoneDomain))
    return underZone(ctx, zone, text, 'mailFromDomain', IDENTITY_WHY);
  if (own === '' || !text.endsWith(`.${own}`)) return text;
  const host = text.slice(0, text.length - own.length);
  const identities = domainsByEnvironment(ctx.node, 'domain', ctx.environments).values;
  const values = Object.fromEntries(Object.entries(identities).map(([e, d]) => [e, `${host}${d}`]));
  return domainPerEnvironment(ctx, 'mailFromDomain', values, IDENTITY_WHY);
}

/**
 * Amazon SES: a domain identity signed with Easy DKIM (2048-bit keys), sending through a
 * configuration set that refuses to deliver without TLS and tracks reputation. Connected to a
 * Route 53 zone of the domain, the three DKIM CNAME records go there, so the identity verifies
 * without a manual step. Compute connected to it by data may send as the identity.
 */
export const awsSes = defineService({
  id: 'aws.ses',
  cloud: 'aws',
  kind: 'email',
  name: 'SES email identity',
  category: 'messaging',
  description:
    'Domain identity with Easy DKIM (RSA 2048) and a configuration set that requires TLS and tracks reputation; publishes its DKIM records in a connected Route 53 zone. Connected functions, containers and instances may send as it.',
  icon: 'aws-ses',
  properties: [
    strProp(
      'domain',
      'Email domain',
      '',
      'Domain the mail is sent from. Empty: the connected Route 53 zone’s domain, else a required variable <component>_domain.',
    ),
    strProp(
      'mailFromDomain',
      'Custom MAIL FROM domain',
      '',
      'A subdomain of the email domain (bounce.example.com) used as the envelope sender, so SPF aligns with the domain; empty keeps amazonses.com.',
    ),
  ],
  placement: 'none',
  naming: { rule: 'aws-ses', abbreviation: 'ses' },
  emits: {
    terraform: [
      'aws_sesv2_email_identity',
      'aws_sesv2_configuration_set',
      'aws_sesv2_email_identity_mail_from_attributes',
      'aws_route53_record',
    ],
  },
  // The identity and its configuration set both authorise a send (SES "Actions, resources").
  dataActions: ['ses:SendEmail', 'ses:SendRawEmail'],
  terraform: (ctx) => {
    const local = ctx.node.local;
    const zone = [...ctx.outgoing(), ...ctx.incoming()].find(
      (e) => e.node.service.kind === 'dns-zone',
    )?.node;
    // An identity is unique in the account and region: one domain per environment, as the
    // zone's (environment-domain.ts).
    const { domain, inZone } = emailDomainOf(
      ctx,
      zone,
      zone && ref(ctx.address(zone, 'aws_route53_zone'), 'name'),
      IDENTITY_WHY,
    );
    const zoneDomain = zone ? String(zone.properties['domain']) : undefined;
    const configurationSet = ctx.resource('aws_sesv2_configuration_set', local, {
      configuration_set_name: ctx.name(),
      delivery_options: block({ tls_policy: 'REQUIRE' }),
      reputation_options: block({ reputation_metrics_enabled: true }),
      sending_options: block({ sending_enabled: true }),
      suppression_options: block({ suppressed_reasons: ['BOUNCE', 'COMPLAINT'] }),
      tags: ctx.tags(),
    });
    const identity = ctx.resource('aws_sesv2_email_identity', local, {
      email_identity: domain,
      configuration_set_name: ref(configurationSet.address, 'configuration_set_name'),
      dkim_signing_attributes: block({ next_signing_key_length: 'RSA_2048_BIT' }),
      tags: ctx.tags(),
    });
    const zoneId = zone ? ref(ctx.address(zone, 'aws_route53_zone'), 'zone_id') : undefined;
    // Records no connected zone holds: the identity verifies, and sends, only once they resolve.
    const toPublish: TTfValue[] = [];
    // Easy DKIM: three tokens, each `<token>._domainkey.<domain>` CNAME `<token>.dkim.amazonses.com`.
    for (const i of [0, 1, 2]) {
      const token = ref(identity.address, `dkim_signing_attributes[0].tokens[${i}]`);
      const name = tpl(token, '._domainkey.', domain);
      const target = tpl(token, '.dkim.amazonses.com');
      if (zoneId && inZone)
        ctx.resource('aws_route53_record', `${local}_dkim_${i + 1}`, {
          zone_id: zoneId,
          name,
          type: 'CNAME',
          ttl: 600,
          records: [target],
        });
      else toPublish.push(tpl(name, ' CNAME ', target));
    }
    if (ctx.value('mailFromDomain') !== '') {
      const mailFrom = mailFromOf(ctx, zone, inZone);
      const isZoned = inZone && isInZone(ctx.value('mailFromDomain'), zoneDomain);
      ctx.resource('aws_sesv2_email_identity_mail_from_attributes', local, {
        email_identity: ref(identity.address, 'email_identity'),
        mail_from_domain: mailFrom,
        // Until the MX record resolves, send from amazonses.com rather than refuse the mail.
        behavior_on_mx_failure: 'USE_DEFAULT_VALUE',
      });
      // "Setting up a custom MAIL FROM domain": an MX to the region's feedback endpoint and SPF.
      const mx = tpl('10 feedback-smtp.', ref('var.region'), '.amazonses.com');
      const spf = 'v=spf1 include:amazonses.com ~all';
      if (zoneId && isZoned) {
        ctx.resource('aws_route53_record', `${local}_mail_from_mx`, {
          zone_id: zoneId,
          name: mailFrom,
          type: 'MX',
          ttl: 600,
          records: [mx],
        });
        ctx.resource('aws_route53_record', `${local}_mail_from_spf`, {
          zone_id: zoneId,
          name: mailFrom,
          type: 'TXT',
          ttl: 600,
          records: [spf],
        });
      } else toPublish.push(tpl(mailFrom, ' MX ', mx), tpl(mailFrom, ` TXT "${spf}"`));
    }
    if (toPublish.length > 0)
      ctx.output(
        'dns_records',
        `DNS records of ${ctx.node.name} to publish where its domain is hosted: SES verifies the identity, and sends as it, only once the DKIM records resolve (mail keeps the amazonses.com MAIL FROM until the MX record does)`,
        toPublish,
      );
    ctx.output(
      'identity_arn',
      `ARN of email identity ${ctx.node.name}`,
      ref(identity.address, 'arn'),
    );
    ctx.output(
      'configuration_set',
      `Configuration set of ${ctx.node.name}`,
      ref(configurationSet.address, 'configuration_set_name'),
    );
  },
});
