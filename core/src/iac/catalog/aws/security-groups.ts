import type { TNode, TTfBuildContext } from '../service';
import { DATA_TIER_KINDS } from '../../policy/rules/network';
import { ref, type TTfRef } from '../../ir/terraform-ir';
import { hasNetwork, vpcCidr, vpcId } from './shared';
import { forwardingPort } from './lb-tls';

/** AWS security groups: a component's own group and the rules that admit its clients. */

/** Security-group components attached to this node by placement connections. */
export function attachedSecurityGroups(ctx: TTfBuildContext): TTfRef[] {
  return ctx
    .outgoing('placement')
    .filter((e) => e.node.service.kind === 'security-group')
    .map((e) => ref(ctx.address(e.node, 'aws_security_group'), 'id'));
}

const LOAD_BALANCER_KINDS: readonly string[] = ['load-balancer', 'network-load-balancer'];

/**
 * The on-premises range a site-to-site VPN of the node's VPC brings in (its connection's static
 * route), for the components it is connected to. Undefined for anything else.
 */
export const onPremisesCidr = (ctx: TTfBuildContext, node: TNode): TTfRef | undefined =>
  node.service.kind === 'vpn-gateway' && node.parent === ctx.network()?.id
    ? ref(ctx.address(node, 'aws_vpn_connection_route'), 'destination_cidr_block')
    : undefined;

/**
 * The node's own security group: egress open (none for data stores, the VPC for load balancers),
 * ingress from every networked component that sends it traffic or reads its data, and from
 * on-premises through a VPN connected to it, on the connection's port.
 */
export function ownSecurityGroup(ctx: TTfBuildContext, description: string): TTfRef[] {
  const node = ctx.node;
  if (!hasNetwork(ctx, node)) return attachedSecurityGroups(ctx);
  const sg = ctx.resource('aws_security_group', `${node.local}_sg`, {
    name: ctx.name('sg'),
    description,
    vpc_id: vpcId(ctx),
    tags: ctx.tags(),
  });
  // Data stores only answer connections: no egress rule at all (Terraform removes the default
  // allow-all rule AWS adds to a new group), which closes the exfiltration path. A load balancer
  // only reaches its targets, in the VPC (a Lambda target is invoked through the AWS API).
  if (LOAD_BALANCER_KINDS.includes(node.service.kind)) {
    ctx.resource('aws_vpc_security_group_egress_rule', `${node.local}_to_vpc`, {
      security_group_id: ref(sg.address, 'id'),
      description: 'To targets in the VPC',
      ip_protocol: '-1',
      cidr_ipv4: vpcCidr(ctx),
    });
  } else if (!DATA_TIER_KINDS.includes(node.service.kind)) {
    ctx.resource('aws_vpc_security_group_egress_rule', `${node.local}_all_out`, {
      security_group_id: ref(sg.address, 'id'),
      description: 'All outbound traffic',
      ip_protocol: '-1',
      cidr_ipv4: '0.0.0.0/0',
    });
  }
  const seen = new Set<string>();
  for (const edge of [...ctx.incoming('traffic'), ...ctx.incoming('data')]) {
    const source = edge.node;
    const onPremises = onPremisesCidr(ctx, source);
    if (!onPremises && (!source.service.isNetworked || !hasNetwork(ctx, source))) continue;
    // A load balancer is reached on its forwarding listener (443 where it ends TLS).
    const port =
      source.service.kind === 'bastion'
        ? bastionPort(edge.connection.port)
        : LOAD_BALANCER_KINDS.includes(node.service.kind)
          ? (edge.connection.port ?? forwardingPort(node))
          : ctx.portOf(edge, node);
    const key = `${source.local}_${port}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // An EKS cluster's own group admits its API port; SSH or node ports are the nodes'.
    const onNodes = node.service.id === 'aws.eks' && port !== node.service.port;
    ctx.resource(
      'aws_vpc_security_group_ingress_rule',
      `${node.local}_from_${source.local}_${port}`,
      {
        security_group_id: onNodes ? workloadSecurityGroup(ctx, node) : ref(sg.address, 'id'),
        description: `From ${onPremises ? `on-premises through ${source.name}` : source.name} on ${port}`,
        ...(onPremises
          ? { cidr_ipv4: onPremises }
          : { referenced_security_group_id: workloadSecurityGroup(ctx, source) }),
        ip_protocol: edge.connection.protocol === 'udp' ? 'udp' : 'tcp',
        from_port: port,
        to_port: port,
      },
    );
  }
  return [ref(sg.address, 'id'), ...attachedSecurityGroups(ctx)];
}

/**
 * The security group a networked component's traffic comes from and goes to. An EKS cluster's
 * own group sits on its control plane only: managed node groups without a launch template (and
 * so their pods) have the cluster security group EKS creates (EKS User Guide, "View Amazon EKS
 * security group requirements for clusters").
 */
export function workloadSecurityGroup(ctx: TTfBuildContext, node: TNode): TTfRef {
  return node.service.id === 'aws.eks'
    ? ref(ctx.address(node, 'aws_eks_cluster'), 'vpc_config[0].cluster_security_group_id')
    : ref(ctx.address(node, 'aws_security_group', '_sg'), 'id');
}

/** A bastion's connections carry SSH unless they name another port (3389 for RDP). */
export const bastionPort = (port: number | undefined): number => port ?? 22;
