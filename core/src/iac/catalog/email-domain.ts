import type { TTfValue } from '../ir/terraform-ir';
import type { TNode, TTfBuildContext } from './service';

export interface TEmailDomain {
  /** The connected DNS zone's domain, if one is connected. */
  zoneDomain: string | undefined;
  /** The domain mail is sent from: the `domain` property, else the zone's, else a variable. */
  domain: TTfValue;
  /** Whether the zone can hold the domain's records (the zone's domain or a subdomain of it). */
  inZone: boolean;
}

/** The sending domain of an email service (SES, OCI Email Delivery) and its DNS zone. */
export function sendingDomain(ctx: TTfBuildContext, zone: TNode | undefined): TEmailDomain {
  const zoneDomain = zone ? String(zone.properties['domain']) : undefined;
  const own = ctx.value('domain');
  const inZone =
    zoneDomain !== undefined &&
    (own === '' || own === zoneDomain || own.endsWith(`.${zoneDomain}`));
  const domain: TTfValue =
    own !== ''
      ? own
      : (zoneDomain ??
        ctx.variable({
          name: `${ctx.node.local}_domain`,
          type: 'string',
          description: `Email domain of ${ctx.node.name} (a domain you control, such as mail.example.com).`,
        }));
  return { zoneDomain, domain, inZone };
}
