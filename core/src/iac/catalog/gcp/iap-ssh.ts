import type { TEdge, TTfBuildContext } from '../service';
import { block, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import { gcpNetworkRef } from './shared';
import { instanceAccount } from './traffic-firewall';

/**
 * IAP TCP forwarding, the only way in to a VM without an external IP: Google's proxies connect
 * from 35.235.240.0/20, which a firewall rule must admit, for whoever holds
 * `roles/iap.tunnelResourceAccessor`.
 * https://cloud.google.com/iap/docs/using-tcp-forwarding
 */
export const IAP_RANGE = '35.235.240.0/20';
export const IAP_TUNNEL_ROLE = 'roles/iap.tunnelResourceAccessor';
export const IAP_TUNNEL_SERVICE = 'gcp.iap-tunnel';

/** The port an IAP tunnel component's connection forwards (SSH unless drawn otherwise). */
export const tunnelPort = (edge: TEdge): string => String(edge.connection.port ?? 22);

/** The one firewall rule shape for IAP: its range to the given instance accounts, on `ports`. */
export function iapFirewall(
  ctx: TTfBuildContext,
  local: string,
  name: TTfValue,
  targets: readonly TTfRef[],
  ports: readonly string[],
): void {
  ctx.resource('google_compute_firewall', local, {
    name,
    network: gcpNetworkRef(ctx),
    direction: 'INGRESS',
    source_ranges: [IAP_RANGE],
    target_service_accounts: [...targets],
    allow: block({ protocol: 'tcp', ports: [...ports] }),
  });
}

/**
 * Whether an IAP tunnel component's rule already admits SSH to this node: it admits every port
 * it forwards to every VM it is drawn to, so one drawn to this node with port 22 among them.
 */
export const tunnelledForSsh = (ctx: TTfBuildContext): boolean =>
  ctx
    .incoming('traffic')
    .filter((e) => e.node.service.id === IAP_TUNNEL_SERVICE)
    .some((e) =>
      ctx
        .outgoingOf(e.node, 'traffic')
        .some((t) => tunnelPort(t) === '22' && instanceAccount(ctx, t.node) !== undefined),
    );
