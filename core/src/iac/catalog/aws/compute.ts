import { defineService } from '../service';
import { boolProp, enumProp, numProp } from '../properties';
import type { TTfBuildContext } from '../service';
import { block, obj, ref, tpl, type TTfRef } from '../../ir/terraform-ir';
import { EC2_TYPES } from './sizes';
import { subnetIds } from './shared';
import { ownSecurityGroup } from './security-groups';
import { dataAccessPolicy, policyDocument, registryToken, serviceRole } from './iam';
import { connectionEnv } from './connection-env';
import { AMI_FILTERS, amiLookup } from './ami';
import { bootUserData } from './user-data';
import { efsTargets, mountsAtBoot, mountTargets } from './efs-mounts';

/** AWS compute: EC2 instances and Auto Scaling groups. */
const OS = Object.keys(AMI_FILTERS);

/** The mount targets an instance mounting file systems at first boot waits for (efs-mounts.ts). */
const bootMountTargets = (ctx: TTfBuildContext): string[] =>
  mountsAtBoot(ctx.value('os')) ? efsTargets(ctx).flatMap((efs) => mountTargets(ctx, efs)) : [];

function instanceProfile(ctx: TTfBuildContext): TTfRef {
  const role = serviceRole(ctx, ctx.node.local, 'ec2.amazonaws.com', [
    'arn:aws:iam::aws:policy/AmazonSSMManagedInstanceCore',
  ]);
  dataAccessPolicy(ctx, role, ctx.node.local);
  registryToken(ctx, role);
  settingParameters(ctx, role);
  return ctx.resource('aws_iam_instance_profile', ctx.node.local, {
    name: ctx.name('profile'),
    role: ref(role.address, 'name'),
  });
}

/**
 * What a function is told in its environment (`ORDERS_HOST`), a VM finds in Parameter Store
 * (decision 0033): one parameter per setting under `/config/<its Name tag>/`, which `apply`
 * updates in place, where user data would stop the instance. The code reads the path with
 * `GetParametersByPath` and decryption; the instance's `Name` tag is in its metadata. The values
 * are addresses and names, never secrets, but `SecureString` (the AWS-managed key, which
 * account principals use through SSM) keeps them to the role (Checkov CKV2_AWS_34). The role may
 * read this path only: `GetParametersByPath` is authorised against the path, the others against
 * each parameter ("How Parameter Store authorizes parameter retrieval", AWS Systems Manager
 * user guide); `AmazonSSMManagedInstanceCore` grants no `GetParametersByPath`.
 */
function settingParameters(ctx: TTfBuildContext, role: TTfRef): void {
  const settings = Object.entries(connectionEnv(ctx));
  if (settings.length === 0) return;
  const local = ctx.node.local;
  const path = tpl('/config/', ctx.name());
  for (const [setting, value] of settings) {
    ctx.resource('aws_ssm_parameter', `${local}_${setting.toLowerCase()}`, {
      name: tpl(path, `/${setting}`),
      description: `${ctx.node.service.name} ${ctx.node.name}: ${setting}`,
      type: 'SecureString',
      value,
      tags: ctx.tags(),
    });
  }
  const partition = ref(ctx.data('aws_partition', 'current', {}).address, 'partition');
  const account = ref(ctx.data('aws_caller_identity', 'current', {}).address, 'account_id');
  const arn = (suffix: string) =>
    tpl('arn:', partition, ':ssm:', ref('var.region'), ':', account, ':parameter', path, suffix);
  ctx.resource('aws_iam_role_policy', `${local}_settings`, {
    name: 'settings',
    role: ref(role.address, 'id'),
    policy: policyDocument([
      obj({ Effect: 'Allow', Action: ['ssm:GetParametersByPath'], Resource: [arn('')] }),
      obj({
        Effect: 'Allow',
        Action: ['ssm:GetParameter', 'ssm:GetParameters'],
        Resource: [arn('/*')],
      }),
    ]),
  });
}

export const awsEc2 = defineService({
  id: 'aws.ec2',
  cloud: 'aws',
  kind: 'vm',
  name: 'EC2 instance',
  category: 'compute',
  description:
    'Virtual machine with its network interface, image, encrypted disk and SSH key; behind a load balancer, it runs the user data you give at apply.',
  icon: 'aws-ec2',
  properties: [
    enumProp('instanceType', 'Instance type', EC2_TYPES, 't3.micro'),
    enumProp('os', 'Operating system', OS, 'ubuntu-24.04'),
    numProp('diskSize', 'Root disk (GiB)', 20, 8, 16384),
    boolProp('publicIp', 'Public IP address', false),
  ],
  placement: 'subnet',
  port: 80,
  isNetworked: true,
  naming: { rule: 'aws-tag', abbreviation: 'ec2' },
  emits: {
    terraform: [
      'aws_instance',
      'aws_network_interface',
      'aws_key_pair',
      'aws_iam_instance_profile',
      'aws_ssm_parameter',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const groups = ownSecurityGroup(ctx, `EC2 instance ${ctx.node.name}`);
    const ami = amiLookup(ctx, ctx.value('os'), ctx.value('instanceType'));
    const key = ctx.resource('aws_key_pair', local, {
      key_name: ctx.name('key'),
      public_key: ctx.variable({
        name: 'ssh_public_key',
        type: 'string',
        description: 'SSH public key (OpenSSH format) installed on the virtual machines.',
      }),
      tags: ctx.tags(),
    });
    const nic = ctx.resource('aws_network_interface', local, {
      subnet_id: subnetIds(ctx)[0]!,
      security_groups: groups,
      tags: ctx.tags(),
    });
    const profile = instanceProfile(ctx);
    // Before the user data: variables are declared in the order they are asked for.
    const instanceType = ctx.prop('instanceType');
    const boot = bootUserData(ctx);
    const mounts = bootMountTargets(ctx);
    const vm = ctx.resource(
      'aws_instance',
      local,
      {
        ami: ref(ami.address, 'id'),
        instance_type: instanceType,
        key_name: ref(key.address, 'key_name'),
        iam_instance_profile: ref(profile.address, 'name'),
        ...(boot ? { user_data: boot } : {}),
        tags: ctx.tags(),
        primary_network_interface: block({ network_interface_id: ref(nic.address, 'id') }),
        root_block_device: block({
          volume_size: ctx.prop('diskSize'),
          volume_type: 'gp3',
          encrypted: true,
        }),
        // Tags in the instance metadata: the Name tag is the path of its settings (decision 0033).
        metadata_options: block({ http_tokens: 'required', instance_metadata_tags: 'enabled' }),
      },
      mounts.length > 0 ? mounts : undefined,
      // User data runs at the first boot only: a change would stop and start the instance
      // without running it ("Work with instance user data"), so a new script takes a new instance.
      boot ? { lifecycle: { ignoreChanges: ['user_data'] } } : undefined,
    );
    if (ctx.value<boolean>('publicIp')) {
      const eip = ctx.resource('aws_eip', local, {
        domain: 'vpc',
        instance: ref(vm.address, 'id'),
        tags: ctx.tags(),
      });
      ctx.output('public_ip', `Public IP of ${ctx.node.name}`, ref(eip.address, 'public_ip'));
    }
    ctx.output('private_ip', `Private IP of ${ctx.node.name}`, ref(vm.address, 'private_ip'));
  },
});

export const awsAutoScaling = defineService({
  id: 'aws.autoscaling-group',
  cloud: 'aws',
  kind: 'autoscaling-group',
  name: 'Auto Scaling group',
  category: 'compute',
  description:
    'Fleet of EC2 instances from a launch template, registered with load balancers; behind one, they run the user data you give at apply.',
  icon: 'aws-autoscaling',
  properties: [
    enumProp('instanceType', 'Instance type', EC2_TYPES, 't3.small'),
    enumProp('os', 'Operating system', OS, 'amazon-linux-2023'),
    numProp('minSize', 'Minimum instances', 1, 0, 1000),
    numProp('maxSize', 'Maximum instances', 3, 1, 1000),
    numProp('desired', 'Desired instances', 2, 0, 1000),
    numProp('diskSize', 'Root disk (GiB)', 20, 8, 16384),
    numProp('targetCpu', 'Target average CPU (%)', 60, 10, 90),
    numProp('warmup', 'Instance warm-up (s)', 300, 0, 3600),
  ],
  placement: 'subnet',
  port: 80,
  isNetworked: true,
  naming: { rule: 'aws-generic', abbreviation: 'asg' },
  emits: {
    terraform: [
      'aws_autoscaling_group',
      'aws_autoscaling_policy',
      'aws_launch_template',
      'aws_iam_instance_profile',
      'aws_ssm_parameter',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const groups = ownSecurityGroup(ctx, `Auto Scaling group ${ctx.node.name}`);
    const ami = amiLookup(ctx, ctx.value('os'), ctx.value('instanceType'));
    const profile = instanceProfile(ctx);
    const instanceType = ctx.prop('instanceType');
    const boot = bootUserData(ctx);
    const template = ctx.resource('aws_launch_template', local, {
      name: ctx.name('lt'),
      image_id: ref(ami.address, 'id'),
      instance_type: instanceType,
      vpc_security_group_ids: groups,
      update_default_version: true,
      ...(boot ? { user_data: boot } : {}),
      tags: ctx.tags(),
      iam_instance_profile: block({ name: ref(profile.address, 'name') }),
      block_device_mappings: block({
        device_name: '/dev/xvda',
        ebs: block({ volume_size: ctx.prop('diskSize'), volume_type: 'gp3', encrypted: true }),
      }),
      metadata_options: block({ http_tokens: 'required', instance_metadata_tags: 'enabled' }),
    });
    const targetGroups = ctx
      .incoming('traffic')
      .filter(
        (e) =>
          e.node.service.kind === 'load-balancer' ||
          e.node.service.kind === 'network-load-balancer',
      )
      .map((e) => ref(ctx.address(e.node, 'aws_lb_target_group'), 'arn'));
    const asg = ctx.resource(
      'aws_autoscaling_group',
      local,
      {
        name: ctx.name(),
        min_size: ctx.prop('minSize'),
        max_size: ctx.prop('maxSize'),
        desired_capacity: ctx.prop('desired'),
        vpc_zone_identifier: subnetIds(ctx),
        health_check_type: targetGroups.length > 0 ? 'ELB' : 'EC2',
        ...(targetGroups.length > 0 ? { target_group_arns: targetGroups } : {}),
        launch_template: block({ id: ref(template.address, 'id'), version: '$Latest' }),
        tag: block({ key: 'Name', value: ctx.name(), propagate_at_launch: true }),
      },
      // Instances mounting file systems at first boot need their mount targets.
      bootMountTargets(ctx),
      // The scaling policy owns the running count once applied; `desired` is the first size.
      { lifecycle: { ignoreChanges: ['desired_capacity'] } },
    );
    // Without a policy the group never scales: target tracking on average CPU, as AWS
    // recommends for web fleets (EC2 Auto Scaling user guide, "Target tracking scaling policies").
    ctx.resource('aws_autoscaling_policy', `${local}_cpu`, {
      name: ctx.name('cpu'),
      autoscaling_group_name: ref(asg.address, 'name'),
      policy_type: 'TargetTrackingScaling',
      estimated_instance_warmup: ctx.prop('warmup'),
      target_tracking_configuration: block({
        target_value: ctx.prop('targetCpu'),
        predefined_metric_specification: block({
          predefined_metric_type: 'ASGAverageCPUUtilization',
        }),
      }),
    });
  },
});
