import type { TNode, TTfBuildContext } from '../service';
import { enumProp, strProp } from '../properties';
import { call, ref, tfVar, type TTfValue } from '../../ir/terraform-ir';
import { dnsValidatedCertificate, namesFromZones } from './acm-certificate';
import type { TPropertyDefinition } from '../../types';

/**
 * Where an Application or Network Load Balancer ends TLS: its listener on 443, the ACM
 * certificate it presents and the security policy it negotiates (edge.ts builds the listeners).
 */
export const HTTPS_PORT = 443;

/** TLS 1.3 and 1.2 with forward-secret ciphers only (policy rule aws-alb-https-only). */
export const TLS_POLICY = 'ELBSecurityPolicy-TLS13-1-2-2021-06';

/** The NLB's listener protocols: TCP passes connections through, TLS ends them at the NLB. */
const NLB_PROTOCOLS = ['TCP', 'TLS'] as const;

export const nlbProtocolProp: TPropertyDefinition = enumProp(
  'protocol',
  'Listener protocol',
  NLB_PROTOCOLS,
  'TCP',
  `TCP: connections pass through unchanged on the listener port (TLS, if any, ends at the targets). TLS: the load balancer ends TLS on ${HTTPS_PORT} with an ACM certificate and ${TLS_POLICY}, sends TCP to the targets on their port, and writes access logs to an S3 bucket of its own (NLBs log TLS connections only).`,
);

const EMPTY_CERTIFICATE =
  'Empty: one issued for the names Route 53 zones of the design give it (validated by DNS there), else a required variable <component>_certificate_arn.';

/** The certificate of the listener that ends TLS (`HTTPS` on an ALB, `TLS` on an NLB). */
export const certificateArnProp = (listener: 'HTTPS' | 'TLS'): TPropertyDefinition =>
  strProp(
    'certificateArn',
    'TLS certificate ARN',
    '',
    listener === 'HTTPS'
      ? `ACM certificate of the HTTPS listener (same region). ${EMPTY_CERTIFICATE}`
      : `ACM certificate of the TLS listener (same region), with protocol TLS only. ${EMPTY_CERTIFICATE}`,
  );

/** Whether the load balancer ends TLS itself: every ALB, an NLB whose protocol is TLS. */
export const endsTls = (node: TNode): boolean =>
  node.service.id === 'aws.alb' ||
  (node.service.id === 'aws.nlb' && node.properties['protocol'] === 'TLS');

/**
 * The port of the listener that forwards to the targets, which other components connect to:
 * 443 where the load balancer ends TLS (an ALB's `listenerPort` only redirects), else the NLB's
 * `listenerPort`.
 */
export function forwardingPort(node: TNode): number {
  if (endsTls(node)) return HTTPS_PORT;
  const own = node.properties['listenerPort'];
  return typeof own === 'number' ? own : 80;
}

/**
 * The ACM certificate of the listener: the `certificateArn` property, else one issued here for
 * the names the design's Route 53 zones give the load balancer (validated by DNS in those zones,
 * so it covers the name its clients verify: lbServerName), else a required variable
 * `<component>_certificate_arn` (a certificate requested and validated outside the design).
 */
export function listenerCertificate(ctx: TTfBuildContext, listener: 'HTTPS' | 'TLS'): TTfValue {
  if (ctx.value('certificateArn')) return ctx.prop('certificateArn');
  const names = namesFromZones(ctx, ctx.node);
  if (names.length > 0) return dnsValidatedCertificate(ctx, names);
  return ctx.variable({
    name: `${ctx.node.local}_certificate_arn`,
    type: 'string',
    description: `ARN of the ACM certificate (in var.region) for the ${listener} listener of ${ctx.node.name}.`,
  });
}

/**
 * The host name an HTTPS client of a load balancer that ends TLS connects to and verifies in its
 * certificate (CloudFront, an HTTP API): the alias record a Route 53 zone of the design gives it,
 * else a required variable `<lb>_server_name`. The load balancer's own DNS name is no such name:
 * an ACM certificate cannot cover `*.elb.amazonaws.com`, so a client verifying it fails (CloudFront
 * answers 502, "Requirements for using SSL/TLS certificates with CloudFront"; an HTTP API refuses
 * the connection; decision 0039).
 */
export function lbServerName(ctx: TTfBuildContext, lb: TNode): TTfValue {
  const zone = ctx.incomingOf(lb, 'traffic').find((e) => e.node.service.kind === 'dns-zone');
  if (zone) return ref(ctx.address(zone.node, 'aws_route53_record', `_${lb.local}`), 'fqdn');
  return ctx.variable({
    name: `${lb.local}_server_name`,
    type: 'string',
    description: `Host name of load balancer ${lb.name} that its HTTPS clients connect to: a name its certificate covers, resolving to the load balancer.`,
    validation: {
      condition: call(
        'can',
        call('regex', '^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$', tfVar(`${lb.local}_server_name`)),
      ),
      errorMessage: 'Give a host name (api.example.com), without a scheme or a path.',
    },
  });
}
