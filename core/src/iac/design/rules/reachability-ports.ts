import type { TDesignIssue } from '../parse';
import { networkView } from './reachability-graph';
import type { TDesignRule } from './rule';

/**
 * Where a target listens, per service: a property (the container's port), or a fixed port the
 * builder gives it (a managed instance group's named port `http`, which the GCP load balancer's
 * backend service sends to, is 80).
 */
const LISTENS_ON: Readonly<
  Record<string, { readonly key: string } | { readonly port: number; readonly from: string }>
> = {
  'aws.ecs-fargate': { key: 'containerPort' },
  'oci.container-instance': { key: 'port' },
  // Only the proxy load balancer uses named ports; a passthrough one keeps the client's port.
  'gcp.managed-instance-group': { port: 80, from: 'gcp.http-load-balancer' },
};

/**
 * A load balancer sends traffic and health checks on the connection's port (the target's own
 * security group admits it there); a container listening on another port fails every check.
 */
export const reachabilityPorts: TDesignRule = {
  id: 'reachability-ports',
  source:
    'Amazon ECS Developer Guide, "Use load balancing to distribute Amazon ECS service traffic" (targets register on the container port; health checks use the traffic port); OCI Load Balancer documentation, "Health checks"; Google Cloud, "Backend services" (named ports)',
  check: (context) => {
    const view = networkView(context);
    const { design } = context;
    const issues: TDesignIssue[] = [];
    design.connections.forEach((x, i) => {
      const from = view.service(x.from);
      const to = view.service(x.to);
      if (x.type !== 'traffic' || !from || !to) return;
      if (from.kind !== 'load-balancer' && from.kind !== 'network-load-balancer') return;
      const listensOn = LISTENS_ON[to.id];
      const target = view.component(x.to);
      if (!listensOn || !target || ('from' in listensOn && listensOn.from !== from.id)) return;
      const key = 'key' in listensOn ? listensOn.key : undefined;
      const listens =
        'port' in listensOn
          ? listensOn.port
          : Number(
              target.properties[listensOn.key] ?? to.properties.find((p) => p.key === key)?.default,
            );
      const port = x.port ?? to.port ?? 443;
      if (listens === port) return;
      const lb = view.component(x.from);
      issues.push({
        path: `connections[${i}].port`,
        message: `load balancer “${lb?.name ?? x.from}” sends traffic and health checks to port ${port}, but ${view.label(target)} listens on ${listens}: set the connection's port to ${listens}${key ? `, or ${key} to ${port}` : ''}`,
        severity: 'warning',
      });
    });
    return issues;
  },
};
