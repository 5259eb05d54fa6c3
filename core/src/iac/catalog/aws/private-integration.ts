import type { TEdge, TNode, TTfBuildContext } from '../service';
import { BuildError } from '../../build/terraform-build';
import { block, ref, tpl, type TTfBody, type TTfRef } from '../../ir/terraform-ir';
import { endsTls, forwardingPort, lbServerName } from './lb-tls';
import { primaryRef } from './shared';

/**
 * How an HTTP API reaches a backend that is not a Lambda function. AWS documents two ways
 * ("Working with private integrations for HTTP APIs", API Gateway developer guide): through a
 * VPC link to a Cloud Map service or to the listener of an internal ALB/NLB. A public load
 * balancer is reached over the internet by its DNS name. Nothing else has an address to call.
 */
export const PRIVATE_TARGETS = new Set([
  'serverless-container',
  'load-balancer',
  'network-load-balancer',
]);

function networkOf(ctx: TTfBuildContext, node: TNode): TNode | undefined {
  let current: TNode | undefined = node;
  for (let i = 0; current && i < 4; i++) {
    if (current.service.kind === 'network') return current;
    current = ctx.lookup(current.parent);
  }
  return undefined;
}

/**
 * Integration arguments for a container service or load balancer behind the API. A load
 * balancer that ends TLS (every ALB, whose plain listener only redirects, and a TLS NLB) is
 * called over HTTPS on 443 by the name its certificate covers (lbServerName): over the internet
 * at that name, through a VPC link with `tls_config`, without which the API sends plain HTTP to
 * the TLS port ("Working with private integrations for HTTP APIs").
 */
export function privateIntegration(ctx: TTfBuildContext, edge: TEdge): TTfBody {
  const target = edge.node;
  const isLb = target.service.kind !== 'serverless-container';
  const tls = isLb && endsTls(target);
  if (isLb && target.properties['public'] === true) {
    if (tls) {
      return {
        integration_type: 'HTTP_PROXY',
        integration_method: 'ANY',
        integration_uri: tpl('https://', lbServerName(ctx, target)),
      };
    }
    const port = forwardingPort(target);
    return {
      integration_type: 'HTTP_PROXY',
      integration_method: 'ANY',
      integration_uri: tpl(
        'http://',
        primaryRef(ctx, target, 'dns_name'),
        port === 80 ? '' : `:${String(port)}`,
      ),
    };
  }
  const network = networkOf(ctx, target);
  if (!network) throw new BuildError(`${target.id} is not in a network`);
  const local = `${ctx.node.local}_${target.local}`;
  const targetSg: TTfRef = ref(ctx.address(target, 'aws_security_group', '_sg'), 'id');
  // Where the backend listens: the listener of a load balancer, the container's port of a task.
  const own = target.properties['containerPort'];
  const port = isLb
    ? forwardingPort(target)
    : typeof own === 'number'
      ? own
      : ctx.portOf(edge, target);
  // The link's own security group: it may only open connections to the backend's port.
  const sg = ctx.resource('aws_security_group', `${local}_link`, {
    name: ctx.name(`${target.local.replace(/_/g, '-')}-link`, 'aws-generic'),
    description: `VPC link of API ${ctx.node.name} to ${target.name}`,
    vpc_id: ref(ctx.address(network, 'aws_vpc'), 'id'),
    tags: ctx.tags(),
  });
  ctx.resource('aws_vpc_security_group_egress_rule', `${local}_link_out`, {
    security_group_id: ref(sg.address, 'id'),
    description: `To ${target.name} on ${port}`,
    referenced_security_group_id: targetSg,
    ip_protocol: 'tcp',
    from_port: port,
    to_port: port,
  });
  ctx.resource('aws_vpc_security_group_ingress_rule', `${local}_link_in`, {
    security_group_id: targetSg,
    description: `From API ${ctx.node.name} (VPC link) on ${port}`,
    referenced_security_group_id: ref(sg.address, 'id'),
    ip_protocol: 'tcp',
    from_port: port,
    to_port: port,
  });
  const link = ctx.resource('aws_apigatewayv2_vpc_link', local, {
    name: ctx.name(`${target.local.replace(/_/g, '-')}-link`, 'aws-generic'),
    subnet_ids: ctx.subnetsOf(target).map((s) => ref(ctx.address(s, 'aws_subnet'), 'id')),
    security_group_ids: [ref(sg.address, 'id')],
    tags: ctx.tags(),
  });
  return {
    integration_type: 'HTTP_PROXY',
    integration_method: 'ANY',
    connection_type: 'VPC_LINK',
    connection_id: ref(link.address, 'id'),
    // Cloud Map service (SRV records carry the task's port) or the internal listener.
    integration_uri: isLb
      ? ref(ctx.address(target, 'aws_lb_listener'), 'arn')
      : ref(ctx.address(target, 'aws_service_discovery_service'), 'arn'),
    ...(tls ? { tls_config: block({ server_name_to_verify: lbServerName(ctx, target) }) } : {}),
  };
}
