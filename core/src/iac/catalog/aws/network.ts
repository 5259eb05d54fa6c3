import { defineService, type TNode, type TTfBuildContext } from '../service';
import { holdsOnlyDataStores } from '../data-tier-group';
import { boolProp, cidrProp, enumProp, listProp, strProp } from '../properties';
import { ref, type TTfRef } from '../../ir/terraform-ir';
import { azElement, vpcId } from './shared';

/** AWS networking: VPC, subnets, security groups, internet and NAT gateways. */
const subnetsOfNetwork = (ctx: TTfBuildContext, network: TNode, isPublic: boolean): TNode[] =>
  ctx
    .children(network)
    .filter((n) => n.service.kind === 'subnet' && n.properties['public'] === isPublic);

/** The NAT gateway a private subnet routes through: the one in its zone, else the first. */
function natFor(ctx: TTfBuildContext, network: TNode, subnet: TNode): TNode | undefined {
  const nats = ctx
    .children(network)
    .filter((n) => n.service.kind === 'subnet')
    .flatMap((s) => ctx.children(s).filter((n) => n.service.kind === 'nat-gateway'));
  const zoneOf = (n: TNode | undefined) => n?.properties['zone'];
  return nats.find((n) => zoneOf(ctx.lookup(n.parent)) === zoneOf(subnet)) ?? nats[0];
}

/**
 * The route tables the subnets of a network use, each once, keyed by a local name: the internet
 * gateway's for public subnets, the zone's NAT gateway's for private ones, else the VPC's main
 * table (a subnet with no association of its own uses it).
 */
export function routeTablesOf(ctx: TTfBuildContext, network: TNode): Map<string, TTfRef> {
  const igw = ctx.children(network).find((n) => n.service.kind === 'internet-gateway');
  const tables = new Map<string, TTfRef>();
  for (const subnet of ctx.children(network).filter((n) => n.service.kind === 'subnet')) {
    const owner = subnet.properties['public'] === true ? igw : natFor(ctx, network, subnet);
    if (!owner) tables.set('main', ref(ctx.address(network, 'aws_vpc'), 'main_route_table_id'));
    else {
      const suffix = owner === igw ? '_public' : '_private';
      tables.set(owner.local, ref(ctx.address(owner, 'aws_route_table', suffix), 'id'));
    }
  }
  return tables;
}

export const awsVpc = defineService({
  id: 'aws.vpc',
  cloud: 'aws',
  kind: 'network',
  name: 'VPC',
  category: 'networking',
  description: 'Isolated virtual network with DNS support.',
  icon: 'aws-vpc',
  properties: [
    cidrProp('cidr', 'CIDR block', '10.0.0.0/16'),
    boolProp('dnsHostnames', 'DNS hostnames', true),
  ],
  placement: 'none',
  naming: { rule: 'aws-tag', abbreviation: 'vpc' },
  emits: { terraform: ['aws_vpc'] },
  terraform: (ctx) => {
    const vpc = ctx.resource('aws_vpc', ctx.node.local, {
      cidr_block: ctx.prop('cidr'),
      enable_dns_support: true,
      enable_dns_hostnames: ctx.prop('dnsHostnames'),
      tags: ctx.tags(),
    });
    ctx.output('vpc_id', `VPC ${ctx.node.name}`, ref(vpc.address, 'id'));
  },
});

export const awsSubnet = defineService({
  id: 'aws.subnet',
  cloud: 'aws',
  kind: 'subnet',
  name: 'Subnet',
  category: 'networking',
  description:
    'Subnet of a VPC in one availability zone; public subnets route to the internet gateway.',
  icon: 'aws-subnet',
  properties: [
    cidrProp('cidr', 'CIDR block', '10.0.1.0/24'),
    boolProp('public', 'Public (internet-facing)', false),
    enumProp('zone', 'Availability zone index', ['0', '1', '2'], '0'),
  ],
  placement: 'network',
  naming: { rule: 'aws-tag', abbreviation: 'snet' },
  emits: { terraform: ['aws_subnet'] },
  terraform: (ctx) => {
    ctx.resource('aws_subnet', ctx.node.local, {
      vpc_id: vpcId(ctx),
      cidr_block: ctx.prop('cidr'),
      availability_zone: azElement(ctx, Number(ctx.value('zone'))),
      map_public_ip_on_launch: ctx.value<boolean>('public'),
      tags: ctx.tags(),
    });
  },
});

export const awsSecurityGroup = defineService({
  id: 'aws.security-group',
  cloud: 'aws',
  kind: 'security-group',
  name: 'Security group',
  category: 'networking',
  description: 'Stateful firewall attached to components by placement connections.',
  icon: 'aws-security-group',
  properties: [
    strProp('description', 'Description', 'Managed by Stratum'),
    listProp('ingressPorts', 'Inbound TCP ports', ['443']),
    cidrProp('ingressCidr', 'Inbound source CIDR', '0.0.0.0/0'),
  ],
  placement: 'network',
  naming: { rule: 'aws-generic', abbreviation: 'sg' },
  emits: { terraform: ['aws_security_group', 'aws_vpc_security_group_ingress_rule'] },
  terraform: (ctx) => {
    const sg = ctx.resource('aws_security_group', ctx.node.local, {
      name: ctx.name(),
      description: ctx.value('description'),
      vpc_id: vpcId(ctx),
      tags: ctx.tags(),
    });
    for (const port of ctx.value<string[]>('ingressPorts')) {
      ctx.resource('aws_vpc_security_group_ingress_rule', `${ctx.node.local}_in_${port}`, {
        security_group_id: ref(sg.address, 'id'),
        ip_protocol: 'tcp',
        from_port: Number(port),
        to_port: Number(port),
        cidr_ipv4: ctx.value('ingressCidr'),
      });
    }
    // A group of data stores opens no egress (Terraform removes AWS's default allow-all rule),
    // as their own groups do.
    if (!holdsOnlyDataStores(ctx)) {
      ctx.resource('aws_vpc_security_group_egress_rule', `${ctx.node.local}_all_out`, {
        security_group_id: ref(sg.address, 'id'),
        ip_protocol: '-1',
        cidr_ipv4: '0.0.0.0/0',
      });
    }
  },
});

export const awsInternetGateway = defineService({
  id: 'aws.internet-gateway',
  cloud: 'aws',
  kind: 'internet-gateway',
  name: 'Internet gateway',
  category: 'networking',
  description: 'Internet access for public subnets, with their route table.',
  icon: 'aws-internet-gateway',
  properties: [],
  placement: 'network',
  naming: { rule: 'aws-tag', abbreviation: 'igw' },
  emits: {
    terraform: [
      'aws_internet_gateway',
      'aws_route_table',
      'aws_route',
      'aws_route_table_association',
    ],
  },
  terraform: (ctx) => {
    const network = ctx.network()!;
    const igw = ctx.resource('aws_internet_gateway', ctx.node.local, {
      vpc_id: vpcId(ctx),
      tags: ctx.tags(),
    });
    const table = ctx.resource('aws_route_table', `${ctx.node.local}_public`, {
      vpc_id: vpcId(ctx),
      tags: ctx.tags({ Name: ctx.name('public') }),
    });
    ctx.resource('aws_route', `${ctx.node.local}_default`, {
      route_table_id: ref(table.address, 'id'),
      destination_cidr_block: '0.0.0.0/0',
      gateway_id: ref(igw.address, 'id'),
    });
    for (const subnet of subnetsOfNetwork(ctx, network, true)) {
      ctx.resource('aws_route_table_association', `${ctx.node.local}_${subnet.local}`, {
        subnet_id: ref(ctx.address(subnet, 'aws_subnet'), 'id'),
        route_table_id: ref(table.address, 'id'),
      });
    }
  },
});

export const awsNatGateway = defineService({
  id: 'aws.nat-gateway',
  cloud: 'aws',
  kind: 'nat-gateway',
  name: 'NAT gateway',
  category: 'networking',
  description: 'Outbound internet for private subnets; sits in a public subnet with an Elastic IP.',
  icon: 'aws-nat-gateway',
  properties: [],
  placement: 'subnet',
  naming: { rule: 'aws-tag', abbreviation: 'nat' },
  emits: {
    terraform: [
      'aws_nat_gateway',
      'aws_eip',
      'aws_route_table',
      'aws_route',
      'aws_route_table_association',
    ],
  },
  terraform: (ctx) => {
    const network = ctx.network()!;
    const subnet = ctx.subnets()[0]!;
    const eip = ctx.resource('aws_eip', `${ctx.node.local}`, { domain: 'vpc', tags: ctx.tags() });
    const igw = ctx.children(network).find((n) => n.service.kind === 'internet-gateway');
    const nat = ctx.resource(
      'aws_nat_gateway',
      ctx.node.local,
      {
        allocation_id: ref(eip.address, 'id'),
        subnet_id: ref(ctx.address(subnet, 'aws_subnet'), 'id'),
        tags: ctx.tags(),
      },
      igw ? [ctx.address(igw, 'aws_internet_gateway')] : [],
    );
    const table = ctx.resource('aws_route_table', `${ctx.node.local}_private`, {
      vpc_id: vpcId(ctx),
      tags: ctx.tags({ Name: ctx.name('private') }),
    });
    ctx.resource('aws_route', `${ctx.node.local}_default`, {
      route_table_id: ref(table.address, 'id'),
      destination_cidr_block: '0.0.0.0/0',
      nat_gateway_id: ref(nat.address, 'id'),
    });
    for (const s of subnetsOfNetwork(ctx, network, false)) {
      if (natFor(ctx, network, s) !== ctx.node) continue;
      ctx.resource('aws_route_table_association', `${ctx.node.local}_${s.local}`, {
        subnet_id: ref(ctx.address(s, 'aws_subnet'), 'id'),
        route_table_id: ref(table.address, 'id'),
      });
    }
    ctx.output(
      'public_ip',
      `Public IP of NAT gateway ${ctx.node.name}`,
      ref(eip.address, 'public_ip'),
    );
  },
});
