import type { TEdge, TNode, TTfBuildContext } from '../service';
import { BuildError } from '../../build/terraform-build';
import { call, ref, type TTfRef, type TTfValue } from '../../ir/terraform-ir';

/** Helpers every AWS service file shares: primary resources, VPC, subnets, zones, KMS keys. */
export const AWS_PRIMARY = (node: TNode): string => node.service.emits.terraform[0] ?? '';

export function primaryRef(ctx: TTfBuildContext, node: TNode, attr: string): TTfRef {
  return ref(ctx.address(node, AWS_PRIMARY(node)), attr);
}

export function subnetIds(ctx: TTfBuildContext): TTfRef[] {
  return ctx.subnets().map((s) => ref(ctx.address(s, 'aws_subnet'), 'id'));
}

export function vpcId(ctx: TTfBuildContext): TTfRef {
  const network = ctx.network();
  if (!network) throw new BuildError(`${ctx.node.id} is not in a network`);
  return ref(ctx.address(network, 'aws_vpc'), 'id');
}

/** The address range of the node's VPC. */
export function vpcCidr(ctx: TTfBuildContext): TTfRef {
  const network = ctx.network();
  if (!network) throw new BuildError(`${ctx.node.id} is not in a network`);
  return ref(ctx.address(network, 'aws_vpc'), 'cidr_block');
}

export function availabilityZones(ctx: TTfBuildContext): TTfRef {
  return ctx.data('aws_availability_zones', 'available', { state: 'available' });
}

export function hasNetwork(ctx: TTfBuildContext, node: TNode): boolean {
  let current: TNode | undefined = node;
  for (let i = 0; current && i < 4; i++) {
    if (current.service.kind === 'network') return true;
    current = ctx.lookup(current.parent);
  }
  return false;
}

/** KMS key of the node, when it has a data connection to a KMS component. */
export function kmsKeyOf(ctx: TTfBuildContext, attr: 'arn' | 'key_id' = 'arn'): TTfRef | undefined {
  const kms = ctx.outgoing('data').find((e) => e.node.service.kind === 'kms');
  return kms ? ref(ctx.address(kms.node, 'aws_kms_key'), attr) : undefined;
}

export function azElement(ctx: TTfBuildContext, index: number): TTfValue {
  return call('element', ref(availabilityZones(ctx).address, 'names'), index);
}

/** A CloudFront distribution's origin: the first component it sends traffic or data to. */
export const cdnOrigin = (ctx: TTfBuildContext, cdn: TNode): TEdge | undefined =>
  [...ctx.outgoingOf(cdn, 'traffic'), ...ctx.outgoingOf(cdn, 'data')][0];
