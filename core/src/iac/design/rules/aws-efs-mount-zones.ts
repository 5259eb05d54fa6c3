import type { TDesignIssue } from '../parse';
import type { TGroup } from '../schema-v2';
import { networkView } from './reachability-graph';
import type { TDesignRule } from './rule';

/** Compute that mounts a file system it has a data connection to (aws/efs-mounts.ts). */
const MOUNTS = new Set(['aws.ec2', 'aws.autoscaling-group', 'aws.ecs-fargate', 'aws.lambda']);

/**
 * An EFS client mounts through the mount target in its own availability zone: the file system's
 * DNS name resolves only there (Amazon EFS, "Mounting EFS file systems": one mount target per
 * zone). Compute in a subnet of a zone where the file system has no mount target cannot mount
 * it: an instance or task fails at run time, and Lambda refuses the function.
 */
export const awsEfsMountZones: TDesignRule = {
  id: 'aws-efs-mount-zones',
  source:
    'Amazon EFS User Guide, "Managing mount targets" (a client uses the mount target in its Availability Zone)',
  check: (context) => {
    const view = networkView(context);
    const issues: TDesignIssue[] = [];
    const zoneOf = (subnet: TGroup): string => {
      const zone = subnet.properties['zone'];
      return typeof zone === 'string' || typeof zone === 'number' ? String(zone) : '0';
    };
    context.design.connections.forEach((c, i) => {
      if (c.type !== 'data') return;
      const client = view.component(c.from);
      const efs = view.component(c.to);
      if (!client || !efs || view.service(efs.id)?.id !== 'aws.efs') return;
      if (!MOUNTS.has(view.service(client.id)?.id ?? '')) return;
      const targets = view.subnetsOf(efs);
      if (targets.length === 0) return;
      const covered = new Set(targets.map((s) => `${s.parent}/${zoneOf(s)}`));
      const missing = view
        .subnetsOf(client)
        .filter((s) => !covered.has(`${s.parent}/${zoneOf(s)}`));
      if (missing.length === 0) return;
      issues.push({
        path: `connections[${i}]`,
        message: `${view.label(client)} runs in subnet ${missing.map((s) => `“${s.name}”`).join(', ')}, a zone where EFS file system “${efs.name}” has no mount target, so it cannot mount it there: place “${efs.name}” in a subnet of that zone too (a placement connection), or ${client.name} in a subnet of its zones`,
        severity: 'warning',
      });
    });
    return issues;
  },
};
