import type { TNode, TTfBuildContext } from '../service';
import { ref } from '../../ir/terraform-ir';

/**
 * Who may reach a Cloud Run service or a function (2nd gen runs on Cloud Run) that a global
 * external Application Load Balancer or Cloud CDN serves through a serverless NEG. Its clients
 * arrive through the load balancer, anonymous: the service accepts only that path (and the VPC),
 * so Cloud Armor cannot be bypassed at the `run.app` URL, and lets anyone invoke it, or every
 * request is refused with 403.
 * https://cloud.google.com/run/docs/securing/ingress
 * https://cloud.google.com/load-balancing/docs/negs/serverless-neg-concepts
 */

/** Whether a load balancer (traffic) or a CDN (its origin, traffic or data) serves the node. */
export const isBehindLoadBalancer = (ctx: TTfBuildContext, node: TNode): boolean =>
  ctx
    .incomingOf(node)
    .some(
      (e) =>
        (e.node.service.kind === 'load-balancer' && e.connection.type === 'traffic') ||
        (e.node.service.kind === 'cdn' && e.connection.type !== 'placement'),
    );

/** The ingress a Cloud Run service is deployed with: its property, unless a load balancer serves it. */
export const runIngressOf = (ctx: TTfBuildContext, node: TNode): string =>
  isBehindLoadBalancer(ctx, node)
    ? 'INGRESS_TRAFFIC_INTERNAL_LOAD_BALANCER'
    : String(node.properties['ingress'] ?? 'INGRESS_TRAFFIC_ALL');

/** Whether everyone may invoke the service: `public`, or served by a load balancer. */
export const isOpenToAll = (ctx: TTfBuildContext, node: TNode): boolean =>
  node.properties['public'] === true || isBehindLoadBalancer(ctx, node);

/** `allUsers` may invoke this node's Cloud Run service or function, when it is open to all. */
export function allowAllInvokers(ctx: TTfBuildContext): void {
  if (!isOpenToAll(ctx, ctx.node)) return;
  // The node's service or function (shared.ts imports this module: no primaryRef here).
  const own = ctx.address(ctx.node, ctx.node.service.emits.terraform[0] ?? '');
  ctx.resource('google_cloud_run_v2_service_iam_member', `${ctx.node.local}_public`, {
    name: ref(own, 'name'),
    location: ref(own, 'location'),
    role: 'roles/run.invoker',
    member: 'allUsers',
  });
}
