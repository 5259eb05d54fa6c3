import { trafficInto, type TResolvedDesign } from '../../design/resolve';
import type { TEdge, TNode } from '../service';
import { ASG_GRACE_PERIOD, needsUserData, userDataProbes, userDataVariable } from './user-data';
import { efsMountsReadme } from './readme-efs-mounts';
import { dsqlRolesReadme } from './readme-dsql';
import { vpnReadme } from './readme-vpn';

/**
 * README sections for Auto Scaling groups and EC2 instances behind a load balancer (compute.ts,
 * user-data.ts): they boot a stock AMI, so the user data that starts the application is given at
 * apply, and what it must answer is what each load balancer's target group checks.
 * https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/user-data.html
 */
export function userDataReadme(resolved: TResolvedDesign): string[] {
  const { design, nodes } = resolved;
  const environments = design.environments.map((e) => e.name);
  const incomingOf = (n: TNode): TEdge[] => trafficInto(resolved, n);
  const needing = nodes.filter((n) => needsUserData(n, incomingOf(n)));
  const groups = needing.filter((n) => n.service.id === 'aws.autoscaling-group');
  const instances = needing.filter((n) => n.service.id === 'aws.ec2');
  const item = (n: TNode) => {
    const probes = userDataProbes(
      incomingOf(n),
      (e) => e.connection.port ?? n.service.port ?? 80,
      environments,
    );
    return `- \`${n.name}\` (\`TF_VAR_${userDataVariable(n)}\`): ${probes.join('; ')}.`;
  };
  const example = (n: TNode) =>
    `Set it from a file in each environment, for example \`export TF_VAR_${userDataVariable(n)}="$(cat user-data.sh)"\`; a plan without one stops.`;
  const logs =
    "The script's output is in `/var/log/cloud-init-output.log` on the instance (Session Manager: `aws ssm start-session --target <instance id>`).";
  return [
    ...(groups.length === 0
      ? []
      : [
          '## User data of Auto Scaling groups',
          '',
          `The instances of an Auto Scaling group behind a load balancer boot a stock AMI that runs nothing of yours. Each instance runs the user data you give in \`TF_VAR_<group>_user_data\` (a script, at most 16 KB) as root at its first boot: it installs and starts the application, which must answer its load balancers' health checks within ${ASG_GRACE_PERIOD} s, or the group terminates the instance and launches another, over and over:`,
          '',
          ...groups.map(item),
          '',
          `${example(groups[0]!)} A changed script makes a new launch template version, which instances launched afterwards run; replace the running ones with \`aws autoscaling start-instance-refresh --auto-scaling-group-name <group>\`. ${logs}`,
          '',
        ]),
    ...(instances.length === 0
      ? []
      : [
          '## User data of load-balanced EC2 instances',
          '',
          "An EC2 instance that a load balancer sends traffic to boots a stock AMI that runs nothing of yours. It runs the user data you give in `TF_VAR_<instance>_user_data` (a script, at most 16 KB) as root at its first boot: it installs and starts the application, which must answer its load balancers' health checks, or they send it nothing:",
          '',
          ...instances.map(item),
          '',
          `${example(instances[0]!)} User data runs at the first boot only, so a changed script is left out of the plan (\`ignore_changes\`) rather than stopping the instance for nothing: run it on the instance, or replace the instance with \`terraform apply -replace=<its aws_instance address>\`, which loses its root disk. ${logs}`,
          '',
        ]),
    ...efsMountsReadme(resolved),
    ...dsqlRolesReadme(resolved),
    ...vpnReadme(resolved),
  ];
}
