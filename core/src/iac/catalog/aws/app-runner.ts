import { BuildError } from '../../build/terraform-build';
import { defineService } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import { block, obj, ref, tpl, type TTfValue } from '../../ir/terraform-ir';
import { hasNetwork, subnetIds } from './shared';
import { ownSecurityGroup } from './security-groups';
import { assumeRolePolicy, dataAccessPolicy, policyDocument, serviceRole } from './iam';
import { connectionEnv } from './connection-env';
import { ecrImage, registryOf } from './ecr-image';
import { APP_RUNNER_PLACEHOLDER } from './container-placeholder';

/** CPU units and memory (MiB) App Runner accepts; rule aws-app-runner-size pairs them. */
const APP_RUNNER_CPU = ['256', '512', '1024', '2048', '4096'];
const APP_RUNNER_MEMORY = ['512', '1024', '2048', '3072', '4096', '6144', '8192', '10240', '12288'];

/**
 * AWS App Runner: a container image served on App Runner's managed HTTPS endpoint, scaled on
 * concurrent requests. Placed in subnets, its outbound traffic leaves through a VPC connector
 * with a security group of its own, which the data stores it connects to admit.
 */
export const awsAppRunner = defineService({
  id: 'aws.app-runner',
  cloud: 'aws',
  kind: 'web-app',
  name: 'App Runner service',
  category: 'containers',
  description:
    'Container web service on App Runner’s managed HTTPS endpoint from an ECR or ECR Public image (an ECR repository it connects to is pulled at the tag given per environment, with an access role limited to it), scaled between min and max instances on concurrent requests, HTTP health check, instance role with access to connected data; placed in subnets, it reaches data stores in the VPC through a VPC connector.',
  icon: 'aws-app-runner',
  properties: [
    strProp(
      'image',
      'Container image (ECR Public)',
      APP_RUNNER_PLACEHOLDER.image,
      `Used when no ECR repository is connected (App Runner pulls images from Amazon ECR or ECR Public only); with one, its image at the tag of variable <component>_image_tag. The default is App Runner's sample, which listens on port ${APP_RUNNER_PLACEHOLDER.port}.`,
    ),
    numProp('port', 'Container port', APP_RUNNER_PLACEHOLDER.port, 1, 65535),
    enumProp('cpu', 'CPU units', APP_RUNNER_CPU, '1024'),
    enumProp('memory', 'Memory (MiB)', APP_RUNNER_MEMORY, '2048'),
    numProp('minInstances', 'Min instances', 1, 1, 25),
    numProp('maxInstances', 'Max instances', 3, 1, 25),
    numProp('maxConcurrency', 'Requests per instance', 100, 1, 200),
    strProp('healthPath', 'Health check path', '/'),
  ],
  placement: 'optional-subnet',
  port: 443,
  isNetworked: true,
  naming: { rule: 'aws-apprunner', abbreviation: 'apprunner' },
  emits: {
    terraform: [
      'aws_apprunner_service',
      'aws_apprunner_auto_scaling_configuration_version',
      'aws_apprunner_vpc_connector',
      'aws_iam_role',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const inVpc = hasNetwork(ctx, ctx.node);
    const vpcData = ctx.outgoing('data').find((e) => hasNetwork(ctx, e.node));
    if (vpcData && !inVpc)
      throw new BuildError(
        `${ctx.node.id} reads ${vpcData.node.id}, which is in a VPC: place ${ctx.node.id} in the app subnets so it reaches it through a VPC connector`,
      );
    const instance = serviceRole(ctx, local, 'tasks.apprunner.amazonaws.com', []);
    // The access role below pulls the image: the instance role (the code's) does not.
    dataAccessPolicy(ctx, instance, local, { platformPulls: true });
    const registry = registryOf(ctx);
    let access: TTfValue | undefined;
    const pulls: string[] = [];
    if (registry) {
      const repo = ref(ctx.address(registry, 'aws_ecr_repository'), 'arn');
      const role = ctx.resource('aws_iam_role', `${local}_ecr`, {
        name: ctx.name('ecr', 'aws-generic'),
        assume_role_policy: assumeRolePolicy('build.apprunner.amazonaws.com'),
        tags: ctx.tags(),
      });
      // What AWSAppRunnerServicePolicyForECRAccess allows, on this repository only.
      const pull = ctx.resource('aws_iam_role_policy', `${local}_ecr`, {
        name: 'ecr-pull',
        role: ref(role.address, 'id'),
        policy: policyDocument([
          obj({
            Effect: 'Allow',
            Action: [
              'ecr:BatchCheckLayerAvailability',
              'ecr:BatchGetImage',
              'ecr:DescribeImages',
              'ecr:GetDownloadUrlForLayer',
            ],
            Resource: [repo],
          }),
          obj({ Effect: 'Allow', Action: ['ecr:GetAuthorizationToken'], Resource: '*' }),
        ]),
      });
      access = ref(role.address, 'arn');
      // App Runner pulls as the role while it creates the service: not before the role may.
      pulls.push(pull.address);
    } else if (!/^public\.ecr\.aws\//.test(ctx.value('image'))) {
      throw new BuildError(
        `${ctx.node.id}: App Runner pulls from Amazon ECR or ECR Public only: set image to a public.ecr.aws/… image or connect the service to an ECR repository`,
      );
    }
    const scaling = ctx.resource('aws_apprunner_auto_scaling_configuration_version', local, {
      auto_scaling_configuration_name: ctx.name(),
      min_size: ctx.prop('minInstances'),
      max_size: ctx.prop('maxInstances'),
      max_concurrency: ctx.prop('maxConcurrency'),
      tags: ctx.tags(),
    });
    let egress = block({ egress_type: 'DEFAULT' });
    if (inVpc) {
      const connector = ctx.resource('aws_apprunner_vpc_connector', local, {
        vpc_connector_name: ctx.name(),
        subnets: subnetIds(ctx),
        security_groups: ownSecurityGroup(ctx, `App Runner service ${ctx.node.name} (VPC egress)`),
        tags: ctx.tags(),
      });
      egress = block({ egress_type: 'VPC', vpc_connector_arn: ref(connector.address, 'arn') });
    }
    const env = connectionEnv(ctx);
    const service = ctx.resource(
      'aws_apprunner_service',
      local,
      {
        service_name: ctx.name(),
        auto_scaling_configuration_arn: ref(scaling.address, 'arn'),
        source_configuration: block({
          // The image is pinned (an ECR tag the apply names, or an ECR Public image): a new
          // release is deployed by applying its tag, not by a push.
          auto_deployments_enabled: false,
          ...(access ? { authentication_configuration: block({ access_role_arn: access }) } : {}),
          image_repository: block({
            image_identifier: registry ? ecrImage(ctx, registry) : ctx.prop('image'),
            image_repository_type: registry ? 'ECR' : 'ECR_PUBLIC',
            image_configuration: block({
              port: ctx.prop('port', (v) => String(v), `${local}_port`),
              ...(Object.keys(env).length > 0 ? { runtime_environment_variables: obj(env) } : {}),
            }),
          }),
        }),
        instance_configuration: block({
          cpu: ctx.prop('cpu'),
          memory: ctx.prop('memory'),
          instance_role_arn: ref(instance.address, 'arn'),
        }),
        health_check_configuration: block({
          protocol: 'HTTP',
          path: ctx.prop('healthPath'),
          interval: 10,
          timeout: 5,
          healthy_threshold: 1,
          unhealthy_threshold: 5,
        }),
        network_configuration: block({
          ingress_configuration: block({ is_publicly_accessible: true }),
          egress_configuration: egress,
          ip_address_type: 'IPV4',
        }),
        tags: ctx.tags(),
      },
      pulls,
    );
    ctx.output(
      'service_url',
      `HTTPS URL of App Runner service ${ctx.node.name}`,
      tpl('https://', ref(service.address, 'service_url')),
    );
  },
});
