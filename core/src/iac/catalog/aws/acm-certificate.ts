import type { TNode, TTfBuildContext } from '../service';
import { call, ref, type TTfValue } from '../../ir/terraform-ir';
import { hostIn, zoneDomainOf } from '../environment-domain';

/**
 * ACM certificates for the names the design's Route 53 zones give a component (see `awsRoute53`),
 * validated by DNS records in those zones: CloudFront's (in us-east-1, cloudfront-domain.ts) and
 * a load balancer's (lb-tls.ts).
 */

/** An HCL expression written as is (`each.value.x`, a `for` expression). */
const raw = (code: string) => ref(code);

/**
 * The record names the zones create for a node (see `awsRoute53`): under each zone's
 * domain in this environment (environment-domain.ts).
 */
export function namesFromZones(ctx: TTfBuildContext, node: TNode): TZoneName[] {
  return ctx
    .incomingOf(node, 'traffic')
    .filter((e) => e.node.service.kind === 'dns-zone')
    .map((e) => ({ name: hostIn(node.name, zoneDomainOf(ctx, e.node)), zone: e.node }));
}

/** A name a Route 53 zone of the design gives a node, and that zone. */
export interface TZoneName {
  readonly name: TTfValue;
  readonly zone: TNode;
}

/**
 * An ACM certificate of this node for the names, validated by DNS records in each name's zone,
 * issued where `provider` says (us-east-1 for CloudFront) or in the design's region: the ARN of
 * the validated certificate, which a listener or distribution takes once it is issued.
 */
export function dnsValidatedCertificate(
  ctx: TTfBuildContext,
  names: readonly TZoneName[],
  provider?: string,
): TTfValue {
  const local = ctx.node.local;
  const [first, ...rest] = names.map((n) => n.name);
  const cert = ctx.resource(
    'aws_acm_certificate',
    local,
    {
      domain_name: first!,
      ...(rest.length > 0 ? { subject_alternative_names: rest } : {}),
      validation_method: 'DNS',
      key_algorithm: 'RSA_2048',
      tags: ctx.tags(),
    },
    undefined,
    // A renewed or changed certificate replaces the old one only once it exists.
    { ...(provider ? { provider } : {}), lifecycle: { createBeforeDestroy: true } },
  );
  const zoneIds = names.map((n) => ref(ctx.address(n.zone, 'aws_route53_zone'), 'zone_id'));
  // Each validation record goes to the zone of its name (names may be expressions: zipmap).
  const zoneId: TTfValue =
    new Set(names.map((n) => n.zone.id)).size === 1
      ? zoneIds[0]!
      : call(
          'lookup',
          call(
            'zipmap',
            names.map((n) => n.name),
            zoneIds,
          ),
          raw('each.key'),
        );
  const records = ctx.resource('aws_route53_record', `${local}_validation`, {
    for_each: raw(`{ for o in ${cert.address}.domain_validation_options : o.domain_name => o }`),
    zone_id: zoneId,
    name: raw('each.value.resource_record_name'),
    type: raw('each.value.resource_record_type'),
    records: [raw('each.value.resource_record_value')],
    ttl: 300,
    allow_overwrite: true,
  });
  const validation = ctx.resource(
    'aws_acm_certificate_validation',
    local,
    {
      certificate_arn: ref(cert.address, 'arn'),
      validation_record_fqdns: raw(`[for r in ${records.address} : r.fqdn]`),
    },
    undefined,
    provider ? { provider } : undefined,
  );
  return ref(validation.address, 'certificate_arn');
}
