import { defineService } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import { isSender } from '../senders';
import { block, call, obj, ref, tpl } from '../../ir/terraform-ir';
import { hasNetwork, kmsKeyOf, subnetIds } from './shared';
import { ownSecurityGroup } from './security-groups';
import { dataAccessPolicy, serviceRole } from './iam';
import { connectionEnv } from './connection-env';
import { streamTriggers } from './analytics';
import { lambdaFileSystem } from './efs-mounts';
import { packagePath, packageVariable } from '../code-packages';

/** AWS Lambda: function, role, log group, VPC access and queue triggers. */
export const awsLambda = defineService({
  id: 'aws.lambda',
  cloud: 'aws',
  kind: 'function',
  name: 'Lambda function',
  category: 'functions',
  description: 'Serverless function with its execution role and log group; optional VPC access.',
  icon: 'aws-lambda',
  properties: [
    enumProp(
      'runtime',
      'Runtime',
      [
        'nodejs22.x',
        'nodejs20.x',
        'python3.13',
        'python3.12',
        'java21',
        'dotnet8',
        'provided.al2023',
      ],
      'nodejs22.x',
    ),
    strProp('handler', 'Handler', 'index.handler'),
    numProp('memory', 'Memory (MB)', 256, 128, 10240),
    numProp('timeout', 'Timeout (s)', 30, 1, 900),
    enumProp('architecture', 'Architecture', ['arm64', 'x86_64'], 'arm64'),
  ],
  placement: 'optional-subnet',
  isNetworked: true,
  naming: { rule: 'aws-generic', abbreviation: 'fn' },
  emits: {
    terraform: [
      'aws_lambda_function',
      'aws_iam_role',
      'aws_cloudwatch_log_group',
      'aws_efs_access_point',
    ],
  },
  dataActions: ['lambda:InvokeFunction'],
  terraform: (ctx) => {
    const local = ctx.node.local;
    const inVpc = hasNetwork(ctx, ctx.node);
    const role = serviceRole(ctx, local, 'lambda.amazonaws.com', [
      inVpc
        ? 'arn:aws:iam::aws:policy/service-role/AWSLambdaVPCAccessExecutionRole'
        : 'arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole',
    ]);
    dataAccessPolicy(ctx, role, local);
    const groups = inVpc ? ownSecurityGroup(ctx, `Lambda function ${ctx.node.name}`) : [];
    const key = kmsKeyOf(ctx);
    const logs = ctx.resource('aws_cloudwatch_log_group', local, {
      name: tpl('/aws/lambda/', ctx.name()),
      retention_in_days: 30,
      // The key the function is connected to, like the groups of other components (key-policy.ts).
      ...(key ? { kms_key_id: key } : {}),
      tags: ctx.tags(),
    });
    const pkg = ctx.variable({
      name: packageVariable(ctx.node),
      type: 'string',
      description: `Path of the deployment package (.zip) of ${ctx.node.name}.`,
      default: packagePath(ctx.node),
    });
    const env = connectionEnv(ctx);
    const files = lambdaFileSystem(ctx);
    const fn = ctx.resource(
      'aws_lambda_function',
      local,
      {
        function_name: ctx.name(),
        role: ref(role.address, 'arn'),
        runtime: ctx.prop('runtime'),
        handler: ctx.prop('handler'),
        filename: pkg,
        // Without the hash, a rebuilt package at the same path is never redeployed.
        source_code_hash: call('filebase64sha256', pkg),
        memory_size: ctx.prop('memory'),
        timeout: ctx.prop('timeout'),
        architectures: [ctx.prop('architecture')],
        tags: ctx.tags(),
        ...(Object.keys(env).length > 0 ? { environment: block({ variables: obj(env) }) } : {}),
        ...(inVpc
          ? { vpc_config: block({ subnet_ids: subnetIds(ctx), security_group_ids: groups }) }
          : {}),
        ...(files ? { file_system_config: files.config } : {}),
      },
      // Lambda refuses a file system without a mount target it can reach at creation, and a
      // VPC function whose role cannot yet create network interfaces (the managed policy's
      // attachment, as the provider's documentation orders it; logging too, without VPC).
      [
        logs.address,
        ctx.address(ctx.node, 'aws_iam_role_policy_attachment', '_1'),
        ...(files?.dependsOn ?? []),
      ],
    );
    // Each queue it reads invokes it; a queue that lists it as a sender does not (senders.ts).
    const read = ctx
      .outgoing('data')
      .filter((e) => e.node.service.kind === 'queue' && !isSender(e.node, ctx.node));
    for (const edge of read) {
      ctx.resource('aws_lambda_event_source_mapping', `${local}_${edge.node.local}`, {
        event_source_arn: ref(ctx.address(edge.node, 'aws_sqs_queue'), 'arn'),
        function_name: ref(fn.address, 'arn'),
        batch_size: 10,
      });
    }
    streamTriggers(ctx, fn, role);
    ctx.output('function_name', `Name of ${ctx.node.name}`, ref(fn.address, 'function_name'));
  },
});
