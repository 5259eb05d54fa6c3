import type { TTfBuildContext } from '../service';
import { block, ref, tpl, type TTfBlock } from '../../ir/terraform-ir';
import { vpcId } from './shared';

/**
 * Cloud Map registration of an ECS service that an HTTP API reaches through a VPC link.
 * SRV records carry each task's port, which API Gateway needs (ECS developer guide, "Service
 * discovery": awsvpc tasks with SRV records name the container and port). Returns the
 * `service_registries` block, or undefined when no API calls the service.
 */
export function discoveryRegistration(ctx: TTfBuildContext, port: number): TTfBlock | undefined {
  const fromApi = ctx.incoming('traffic').some((e) => e.node.service.kind === 'api-gateway');
  if (!fromApi) return undefined;
  const local = ctx.node.local;
  const namespace = ctx.resource('aws_service_discovery_private_dns_namespace', local, {
    name: tpl(ctx.name(undefined, 'aws-dns'), '.internal'),
    description: `Service discovery for ECS service ${ctx.node.name}`,
    vpc: vpcId(ctx),
    tags: ctx.tags(),
  });
  const service = ctx.resource('aws_service_discovery_service', local, {
    name: ctx.node.local.replace(/_/g, '-').toLowerCase(),
    tags: ctx.tags(),
    dns_config: block({
      namespace_id: ref(namespace.address, 'id'),
      routing_policy: 'MULTIVALUE',
      dns_records: block({ type: 'SRV', ttl: 10 }),
    }),
    // ECS reports task health to Cloud Map, so stopped tasks leave the answers.
    health_check_custom_config: block({}),
  });
  return block({
    registry_arn: ref(service.address, 'arn'),
    container_name: ctx.node.name,
    container_port: port,
  });
}
