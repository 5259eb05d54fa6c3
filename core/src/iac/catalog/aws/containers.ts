import { defineService } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import { block, call, obj, ref, tpl, type TTfValue } from '../../ir/terraform-ir';
import { kmsKeyOf, subnetIds } from './shared';
import { ownSecurityGroup } from './security-groups';
import { dataAccessPolicy, serviceRole } from './iam';
import { connectionEnv, settingText } from './connection-env';
import { discoveryRegistration } from './service-discovery';
import { ecrImage, registryOf } from './ecr-image';
import { FARGATE_PLACEHOLDER } from './container-placeholder';
import { ecsFileSystems } from './efs-mounts';

/** AWS containers: ECS on Fargate, ECR (EKS is in eks.ts). */
const FARGATE_CPU = ['256', '512', '1024', '2048', '4096'];
const FARGATE_MEMORY = ['512', '1024', '2048', '3072', '4096', '8192', '16384'];

export const awsEcsFargate = defineService({
  id: 'aws.ecs-fargate',
  cloud: 'aws',
  kind: 'serverless-container',
  name: 'ECS on Fargate',
  category: 'containers',
  description: 'Container service on Fargate: cluster, task definition, service, roles and logs.',
  icon: 'aws-ecs',
  properties: [
    strProp(
      'image',
      'Container image',
      FARGATE_PLACEHOLDER.image,
      `Used when no ECR repository is connected; with one, its image at the tag of variable <component>_image_tag. The default is a placeholder (nginx) that listens on port ${FARGATE_PLACEHOLDER.port}: set your application's image and the port it listens on.`,
    ),
    numProp('containerPort', 'Container port', FARGATE_PLACEHOLDER.port, 1, 65535),
    enumProp('cpu', 'CPU units', FARGATE_CPU, '256'),
    enumProp('memory', 'Memory (MiB)', FARGATE_MEMORY, '512'),
    numProp('desiredCount', 'Tasks', 2, 0, 1000),
  ],
  placement: 'subnet',
  port: 80,
  isNetworked: true,
  naming: { rule: 'aws-generic', abbreviation: 'ecs' },
  emits: {
    terraform: [
      'aws_ecs_service',
      'aws_ecs_cluster',
      'aws_ecs_task_definition',
      'aws_cloudwatch_log_group',
      'aws_service_discovery_private_dns_namespace',
      'aws_service_discovery_service',
      'aws_efs_access_point',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const groups = ownSecurityGroup(ctx, `ECS service ${ctx.node.name}`);
    const cluster = ctx.resource('aws_ecs_cluster', local, {
      name: ctx.name(),
      tags: ctx.tags(),
      setting: block({ name: 'containerInsights', value: 'enabled' }),
    });
    const key = kmsKeyOf(ctx);
    const logs = ctx.resource('aws_cloudwatch_log_group', `${local}_tasks`, {
      name: tpl('/ecs/', ctx.name()),
      retention_in_days: 30,
      ...(key ? { kms_key_id: key } : {}),
      tags: ctx.tags(),
    });
    const execution = serviceRole(
      ctx,
      `${local}_execution`,
      'ecs-tasks.amazonaws.com',
      ['arn:aws:iam::aws:policy/service-role/AmazonECSTaskExecutionRolePolicy'],
      'exec',
    );
    const task = serviceRole(ctx, `${local}_task`, 'ecs-tasks.amazonaws.com', [], 'task');
    // The execution role pulls the image (AmazonECSTaskExecutionRolePolicy): the task role does not.
    dataAccessPolicy(ctx, task, `${local}_task`, { platformPulls: true });
    const registry = registryOf(ctx);
    const image: TTfValue = registry ? ecrImage(ctx, registry) : ctx.prop('image');
    const env = Object.entries(connectionEnv(ctx)).map(([name, value]) =>
      obj({ name, value: settingText(value) }),
    );
    const port = ctx.value<number>('containerPort');
    const files = ecsFileSystems(ctx);
    const definition = ctx.resource('aws_ecs_task_definition', local, {
      family: ctx.name(),
      requires_compatibilities: ['FARGATE'],
      network_mode: 'awsvpc',
      cpu: ctx.prop('cpu'),
      memory: ctx.prop('memory'),
      execution_role_arn: ref(execution.address, 'arn'),
      task_role_arn: ref(task.address, 'arn'),
      container_definitions: call('jsonencode', [
        obj({
          name: ctx.node.name,
          image,
          essential: true,
          portMappings: [obj({ containerPort: port, protocol: 'tcp' })],
          environment: env,
          ...(files.mountPoints.length > 0 ? { mountPoints: [...files.mountPoints] } : {}),
          logConfiguration: obj({
            logDriver: 'awslogs',
            options: obj({
              'awslogs-group': ref(logs.address, 'name'),
              'awslogs-region': ref('var.region'),
              'awslogs-stream-prefix': ctx.node.name,
            }),
          }),
        }),
      ]),
      tags: ctx.tags(),
      // The task role mounts them (iam): the file system's policy names that role (dataRoleArn).
      ...(files.volumes.length > 0 ? { volume: [...files.volumes] } : {}),
    });
    const balancerNodes = ctx
      .incoming('traffic')
      .map((e) => e.node)
      .filter(
        (n) => n.service.kind === 'load-balancer' || n.service.kind === 'network-load-balancer',
      );
    const balancers = balancerNodes.map((n) =>
      block({
        target_group_arn: ref(ctx.address(n, 'aws_lb_target_group'), 'arn'),
        container_name: ctx.node.name,
        container_port: port,
      }),
    );
    const registries = discoveryRegistration(ctx, port);
    // Tasks pull their image and write logs as the execution role: not before it may. A target
    // group takes a service only once a listener ties it to its load balancer ("The target group
    // … does not have an associated load balancer"), which is created minutes after the group.
    // A task mounting a file system without a mount target in its zone fails to start.
    ctx.resource(
      'aws_ecs_service',
      local,
      {
        name: ctx.name(),
        cluster: ref(cluster.address, 'id'),
        task_definition: ref(definition.address, 'arn'),
        desired_count: ctx.prop('desiredCount'),
        launch_type: 'FARGATE',
        tags: ctx.tags(),
        network_configuration: block({
          subnets: subnetIds(ctx),
          security_groups: groups,
          assign_public_ip: false,
        }),
        // Without it a deployment whose tasks never become healthy (a bad image, a crash at
        // start) retries them for ever; with it ECS fails it and rolls back to the last good one.
        deployment_circuit_breaker: block({ enable: true, rollback: true }),
        ...(balancers.length > 0 ? { load_balancer: balancers } : {}),
        ...(registries ? { service_registries: registries } : {}),
      },
      [
        `aws_iam_role_policy_attachment.${local}_execution_1`,
        ...balancerNodes.map((n) => ctx.address(n, 'aws_lb_listener')),
        ...files.dependsOn,
      ],
    );
  },
});

export const awsEcr = defineService({
  id: 'aws.ecr',
  cloud: 'aws',
  kind: 'container-registry',
  name: 'ECR repository',
  category: 'containers',
  description: 'Private container image repository with scanning on push.',
  icon: 'aws-ecr',
  properties: [enumProp('tagMutability', 'Tag mutability', ['IMMUTABLE', 'MUTABLE'], 'IMMUTABLE')],
  placement: 'none',
  naming: { rule: 'aws-ecr', abbreviation: 'ecr' },
  emits: { terraform: ['aws_ecr_repository'] },
  dataActions: [
    'ecr:BatchGetImage',
    'ecr:GetDownloadUrlForLayer',
    'ecr:BatchCheckLayerAvailability',
  ],
  terraform: (ctx) => {
    const repo = ctx.resource('aws_ecr_repository', ctx.node.local, {
      name: ctx.name(),
      image_tag_mutability: ctx.prop('tagMutability'),
      tags: ctx.tags(),
      image_scanning_configuration: block({ scan_on_push: true }),
    });
    ctx.output('repository_url', `URL of ${ctx.node.name}`, ref(repo.address, 'repository_url'));
  },
});
