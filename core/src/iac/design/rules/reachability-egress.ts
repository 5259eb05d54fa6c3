import type { TDesignIssue } from '../parse';
import type { TComponent } from '../schema-v2';
import { isPublic, networkView } from './reachability-graph';
import type { TDesignRule } from './rule';

/** Kinds a function in a VPC calls through AWS public endpoints (no VPC endpoints are emitted). */
const AWS_API_KINDS = [
  'object-storage',
  'nosql',
  'topic',
  'secret',
  'event-bus',
  'kms',
  'log-group',
];

const IN_AZURE_POOL =
  'cannot reach package repositories (the backend of a Standard load balancer gets no default outbound access)';

/**
 * Why a workload needs outbound internet, per service (undefined: it does not). In a private
 * subnet only a NAT gateway gives it a way out.
 */
const NEEDS_EGRESS: Readonly<
  Record<string, (c: TComponent, calls: string[], inPool: boolean) => string | undefined>
> = {
  'aws.ecs-fargate': () => 'cannot pull its image',
  'aws.eks': () => 'cannot pull images or join the cluster',
  'aws.ec2': (c) =>
    c.properties['publicIp'] === true ? undefined : 'cannot reach package repositories',
  'aws.autoscaling-group': () => 'cannot reach package repositories',
  'aws.lambda': (_c, calls) =>
    calls.length > 0 ? `cannot call ${calls.join(', ')} (AWS APIs outside the VPC)` : undefined,
  'gcp.compute-instance': () => 'cannot reach package repositories (it has no external IP)',
  'gcp.managed-instance-group': () => 'cannot reach package repositories (no external IPs)',
  'gcp.gke': () => 'has private nodes that cannot pull images from registries outside Google',
  'oci.compute-instance': () => 'cannot reach package repositories',
  'oci.instance-pool': () => 'cannot reach package repositories',
  'oci.oke': () => 'cannot pull images',
  'oci.container-instance': () => 'cannot pull its image',
  'oci.function': () =>
    'cannot pull its image from the registry (the NAT component adds the service gateway)',
  // Azure: only as a Standard load balancer's backend (inPool), which gets no default outbound
  // access; its rule writes no outbound SNAT (azure/load-balancer.ts).
  'azure.linux-vm': (_c, _calls, inPool) => (inPool ? IN_AZURE_POOL : undefined),
  'azure.vm-scale-set': (_c, _calls, inPool) => (inPool ? IN_AZURE_POOL : undefined),
};

/**
 * Services emitted without a public IP even in a public subnet (Fargate's assign_public_ip,
 * EC2's own network interface, OCI VNICs with assign_public_ip false); the others (Auto Scaling
 * and EKS nodes, OKE nodes) take one from a public subnet's setting.
 */
const NO_PUBLIC_IP = new Set([
  'aws.ecs-fargate',
  'aws.lambda',
  'aws.ec2',
  'oci.compute-instance',
  'oci.instance-pool',
  'oci.container-instance',
  'oci.function',
]);

/** The cloud's name for what to add, per cloud. */
const NAT: Readonly<Record<string, string>> = {
  aws: 'a NAT gateway',
  gcp: 'Cloud NAT',
  oci: 'NAT and service gateways',
  azure: 'a NAT gateway',
};

/** Private workloads that must reach the internet (images, packages, cloud APIs) need NAT. */
export const reachabilityEgress: TDesignRule = {
  id: 'reachability-egress',
  source:
    'Microsoft Learn, "Default outbound access in Azure" (not for the backend of a Standard load balancer); Amazon VPC User Guide, "NAT gateways"; Amazon ECS Developer Guide, "Fargate task networking" (tasks without a public IP pull images through a NAT gateway); Google Cloud, "Cloud NAT overview"; OCI documentation, "NAT Gateway" and "Service Gateway"',
  check: (context) => {
    const view = networkView(context);
    const { design } = context;
    const nat = NAT[design.provider];
    if (!nat) return [];
    const issues: TDesignIssue[] = [];
    for (const c of design.components) {
      const service = view.service(c.id);
      const reasonOf = service && NEEDS_EGRESS[service.id];
      const network = view.networkOf(c);
      if (!reasonOf || !network) continue;
      const calls = view
        .outgoing(c.id)
        .filter((x) => AWS_API_KINDS.includes(view.service(x.to)?.kind ?? ''))
        .map((x) => `“${view.component(x.to)?.name ?? x.to}”`);
      const inPool = view
        .incoming(c.id)
        .some((x) => x.type === 'traffic' && view.service(x.from)?.id === 'azure.load-balancer');
      const reason = reasonOf(c, calls, inPool);
      if (!reason) continue;
      const subnets = view.subnetsOf(c);
      const publicSubnet = subnets.find(isPublic);
      // A public subnet routes to the internet gateway, which only carries public IPs.
      if (publicSubnet && NO_PUBLIC_IP.has(service.id)) {
        issues.push({
          path: `${view.pathOf(c)}.group`,
          message: `move ${view.label(c)} to a private subnet and add ${nat} to network “${network.name}”: it has no public IP in public subnet “${publicSubnet.name}” and ${reason}`,
          severity: 'warning',
        });
        continue;
      }
      const privateSubnet = subnets.find((x) => !isPublic(x));
      if (!privateSubnet) continue;
      if (design.provider === 'azure') {
        // An Azure NAT gateway serves the subnets connected to it, not the whole network.
        const hasNat = (id: string) =>
          view.outgoing(id).some((x) => view.service(x.to)?.kind === 'nat-gateway');
        if (subnets.some((x) => hasNat(x.id))) continue;
        issues.push({
          path: view.pathOf(c),
          message: `connect subnet “${privateSubnet.name}” to ${nat}: ${view.label(c)} ${reason}`,
          severity: 'warning',
        });
        continue;
      }
      if (view.hasInNetwork(network.id, 'nat-gateway')) continue;
      // GCP subnetworks are neither public nor private: only the VM's missing address matters.
      const where = ` in ${design.provider === 'gcp' ? '' : 'private '}subnet “${privateSubnet.name}”`;
      issues.push({
        path: view.pathOf(c),
        message: `add ${nat} to network “${network.name}”: ${view.label(c)}${where} ${reason}`,
        severity: 'warning',
      });
    }
    return issues;
  },
};
