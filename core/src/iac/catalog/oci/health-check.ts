import { defineService } from '../service';
import { enumProp, listProp, numProp, strProp } from '../properties';
import { obj, ref, type TTfValue } from '../../ir/terraform-ir';
import { BuildError } from '../../build/terraform-build';
import { hostIn, zoneDomainOf } from '../environment-domain';
import type { TNode, TTfBuildContext } from '../service';
import { compartment, primary } from './shared';

/**
 * Health Checks HTTP monitor: probes the public endpoints it has traffic connections to (a public
 * load balancer, a public API gateway) and the host names it lists, from Oracle's vantage points
 * on the internet ("Health Checks" › Managing Health Checks). Its metric HTTP.isHealthy is what a
 * connected Monitoring alarm watches.
 */
export const ociHealthCheck = defineService({
  id: 'oci.health-check',
  cloud: 'oci',
  kind: 'health-check',
  name: 'Health Checks HTTP monitor',
  category: 'monitoring',
  description:
    'HTTP(S) monitor of the public load balancers and API gateways it is connected to (and any listed host names) from internet vantage points; an alarm connected to it fires when they stop answering.',
  icon: 'oci-health-checks',
  properties: [
    enumProp('protocol', 'Protocol', ['HTTPS', 'HTTP'], 'HTTPS'),
    numProp('port', 'Port', 443, 1, 65535),
    strProp('path', 'Path', '/'),
    // The values the API takes (CreateHttpMonitorDetails): the timeout at most the interval.
    enumProp('interval', 'Interval (s)', ['30', '60', '10'], '30'),
    enumProp('timeout', 'Timeout (s)', ['10', '20', '30', '60'], '10'),
    listProp('hosts', 'Other host names', []),
  ],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'hc' },
  emits: { terraform: ['oci_health_checks_http_monitor'] },
  terraform: (ctx) => {
    const targets: TTfValue[] = ctx.outgoing('traffic').map((edge) => {
      const t = edge.node;
      const isPublic =
        t.service.kind === 'load-balancer'
          ? t.properties['public'] !== false
          : t.service.kind === 'api-gateway' && t.properties['endpointType'] !== 'PRIVATE';
      if (!isPublic) {
        throw new BuildError(
          `health check ${ctx.node.id} cannot probe ${t.id} (${t.service.name}): the vantage points are on the internet; connect it to a public load balancer or a public API gateway`,
        );
      }
      return t.service.kind === 'load-balancer'
        ? primary(ctx, t, 'ip_address_details[0].ip_address')
        : primary(ctx, t, 'hostname');
    });
    targets.push(...ctx.value<string[]>('hosts'));
    const lbs = ctx
      .outgoing('traffic')
      .map((e) => e.node)
      .filter((t) => t.service.kind === 'load-balancer');
    const monitor = ctx.resource('oci_health_checks_http_monitor', ctx.node.local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      targets:
        targets.length > 0
          ? targets
          : ctx.variable({
              name: `${ctx.node.local}_targets`,
              type: 'list(string)',
              description: `Host names or public IP addresses health check ${ctx.node.name} probes.`,
            }),
      protocol: ctx.prop('protocol'),
      port: ctx.prop('port'),
      path: ctx.prop('path'),
      method: 'GET',
      interval_in_seconds: ctx.prop('interval', (v) => Number(v)),
      timeout_in_seconds: ctx.prop('timeout', (v) => Number(v)),
      is_enabled: true,
      ...httpsHost(ctx, lbs),
      freeform_tags: ctx.tags(),
    });
    ctx.output('monitor_id', `OCID of health check ${ctx.node.name}`, ref(monitor.address, 'id'));
  },
});

/**
 * The Host header of an HTTPS monitor of load balancers, which it reaches by IP address: without
 * one the TLS phase does not complete and the target is declared down ("Creating an HTTP
 * Monitor", Health Checks docs), so the alarm on it fired from the first probe. The name a DNS
 * zone of the design gives the load balancer (its A record), else a variable.
 */
function httpsHost(ctx: TTfBuildContext, lbs: readonly TNode[]): { headers?: TTfValue } {
  // One header for every target: host names listed beside the load balancers would get it too.
  if (lbs.length === 0 || ctx.value('protocol') !== 'HTTPS') return {};
  if (ctx.value<string[]>('hosts').length > 0) return {};
  const named = lbs.flatMap((lb) =>
    ctx
      .incomingOf(lb, 'traffic')
      .filter((e) => e.node.service.kind === 'dns-zone')
      .map((e) => hostIn(lb.name, zoneDomainOf(ctx, e.node))),
  );
  const host =
    named[0] ??
    ctx.variable({
      name: `${ctx.node.local}_host`,
      type: 'string',
      description: `Host name on the certificate of the load balancer health check ${ctx.node.name} probes over HTTPS (sent as its Host header).`,
    });
  return { headers: obj({ Host: host }) };
}
