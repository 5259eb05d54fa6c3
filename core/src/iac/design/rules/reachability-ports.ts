import type { TDesignIssue } from '../parse';
import { networkView } from './reachability-graph';
import type { TDesignRule } from './rule';

/** The property holding the port a container listens on, per service. */
const CONTAINER_PORT: Readonly<Record<string, string>> = {
  'aws.ecs-fargate': 'containerPort',
  'oci.container-instance': 'port',
};

/**
 * A load balancer sends traffic and health checks on the connection's port (the target's own
 * security group admits it there); a container listening on another port fails every check.
 */
export const reachabilityPorts: TDesignRule = {
  id: 'reachability-ports',
  source:
    'Amazon ECS Developer Guide, "Use load balancing to distribute Amazon ECS service traffic" (targets register on the container port; health checks use the traffic port); OCI Load Balancer documentation, "Health checks"',
  check: (context) => {
    const view = networkView(context);
    const { design } = context;
    const issues: TDesignIssue[] = [];
    design.connections.forEach((x, i) => {
      const from = view.service(x.from);
      const to = view.service(x.to);
      if (x.type !== 'traffic' || !from || !to) return;
      if (from.kind !== 'load-balancer' && from.kind !== 'network-load-balancer') return;
      const key = CONTAINER_PORT[to.id];
      const target = view.component(x.to);
      if (!key || !target) return;
      const listens = Number(
        target.properties[key] ?? to.properties.find((p) => p.key === key)?.default,
      );
      const port = x.port ?? to.port ?? 443;
      if (listens === port) return;
      const lb = view.component(x.from);
      issues.push({
        path: `connections[${i}].port`,
        message: `load balancer “${lb?.name ?? x.from}” sends traffic and health checks to port ${port}, but ${view.label(target)} listens on ${listens}: set the connection's port to ${listens}, or ${key} to ${port}`,
        severity: 'warning',
      });
    });
    return issues;
  },
};
