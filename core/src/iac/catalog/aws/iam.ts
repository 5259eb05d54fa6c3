import type { TNode, TTfBuildContext } from '../service';
import { isSender } from '../senders';
import { keyOfStore } from './key-policy';
import { call, obj, ref, tpl, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import { dataTargets, isManagedPasswordDb, masterSecretArn } from './data-targets';
import { clientSecretArn, hasClientSecret } from './client-secret';
import { primaryRef } from './shared';
import { connectionsArn } from './websocket-connections';

/** AWS IAM: policy documents, service roles and the least-privilege policy of data connections. */

/** ARNs an IAM policy grants on for a data connection to `target`. */
export function arnsOf(ctx: TTfBuildContext, target: TNode): TTfValue[] {
  const arn = primaryRef(ctx, target, 'arn');
  switch (target.service.kind) {
    case 'object-storage':
      return [arn, tpl(arn, '/*')];
    case 'nosql':
      return [arn, tpl(arn, '/index/*')];
    case 'log-group':
      return [tpl(arn, ':*')];
    case 'search':
      return [tpl(arn, '/*')];
    case 'email':
      // SES authorises a send on the identity and on the configuration set it uses.
      return [arn, ref(ctx.address(target, 'aws_sesv2_configuration_set'), 'arn')];
    case 'wide-column':
      // Keyspaces: rows are read and written on the table, not the keyspace.
      return [ref(ctx.address(target, 'aws_keyspaces_table'), 'arn')];
    case 'realtime':
      // A WebSocket API: posting to (and reading, closing) its stage's client connections.
      return [connectionsArn(ctx, target)];
    case 'document-db':
      // Callers get the managed admin secret, not the cluster (its users are not IAM users).
      return [ref(ctx.address(target, 'aws_docdb_cluster'), 'master_user_secret[0].secret_arn')];
    case 'data-warehouse':
      // Redshift alike: the admin secret `manage_master_password` keeps in Secrets Manager.
      return [ref(ctx.address(target, 'aws_redshift_cluster'), 'master_password_secret_arn')];
    case 'kafka':
      // Topics and consumer groups have ARNs of their own beside the cluster's.
      return [
        arn,
        tpl(call('replace', arn, ':cluster/', ':topic/'), '/*'),
        tpl(call('replace', arn, ':cluster/', ':group/'), '/*'),
      ];
    default:
      return [arn];
  }
}

/** An IAM policy document (JSON through `jsonencode`) of these statements. */
export const policyDocument = (statements: readonly TTfValue[]): TTfValue =>
  call('jsonencode', obj({ Version: '2012-10-17', Statement: [...statements] }));

/** A trust policy letting `service` assume the role, under `condition` when given. */
export function assumeRolePolicy(service: string, condition?: TTfValue): TTfValue {
  return policyDocument([
    obj({
      Effect: 'Allow',
      Principal: obj({ Service: service }),
      Action: 'sts:AssumeRole',
      ...(condition === undefined ? {} : { Condition: condition }),
    }),
  ]);
}

/** An IAM role for a compute node, with managed policies and a policy for its data connections. */
export function serviceRole(
  ctx: TTfBuildContext,
  local: string,
  principal: string,
  managedPolicies: readonly string[],
  suffix = 'role',
): TTfRef {
  const role = ctx.resource('aws_iam_role', local, {
    name: ctx.name(suffix, 'aws-generic'),
    assume_role_policy: assumeRolePolicy(principal),
    tags: ctx.tags(),
  });
  managedPolicies.forEach((arn, i) => {
    ctx.resource('aws_iam_role_policy_attachment', `${local}_${i + 1}`, {
      role: ref(role.address, 'name'),
      policy_arn: arn,
    });
  });
  return role;
}

/**
 * Stores whose SSE-KMS data the service encrypts and decrypts with the caller's own credentials:
 * writers need kms:GenerateDataKey, readers kms:Decrypt (S3, SQS, SNS, Secrets Manager; Kinesis
 * Data Streams, "Permissions to use user-generated KMS keys").
 */
const CALLER_DECRYPTS = new Set(['object-storage', 'queue', 'topic', 'secret', 'stream']);

/** What a queue's senders may do (senders.ts): send, and read its attributes (the SDKs do). */
const QUEUE_SENDER_ACTIONS = ['sqs:SendMessage', 'sqs:GetQueueAttributes'];

/**
 * The actions a client may take on a store it has a data connection to: the store's own, but a
 * queue's sender only sends; receiving would take the messages meant for its readers.
 */
const actionsOn = (client: TNode, store: TNode): readonly string[] =>
  store.service.kind === 'queue' && isSender(store, client)
    ? QUEUE_SENDER_ACTIONS
    : (store.service.dataActions ?? []);

/**
 * Grants the role what each outgoing data connection needs (least privilege per target). Where
 * the platform pulls the image with a role of its own (ECS's execution role, App Runner's access
 * role), `platformPulls` leaves the registry's pull actions off this one: code never pulls.
 * `only` keeps the stores this role is for, where a component has more than one (an EKS cluster's
 * nodes mount file systems, its workloads use the rest: eks.ts).
 */
export function dataAccessPolicy(
  ctx: TTfBuildContext,
  role: TTfRef,
  local: string,
  {
    platformPulls = false,
    only = () => true,
  }: { readonly platformPulls?: boolean; readonly only?: (store: TNode) => boolean } = {},
): void {
  const targets = dataTargets(ctx).filter(
    (e) =>
      only(e.node) &&
      (e.node.service.dataActions ?? []).length > 0 &&
      !(platformPulls && e.node.service.kind === 'container-registry'),
  );
  const outgoing = ctx.outgoing('data').filter((e) => only(e.node));
  const statements = targets.map((e) =>
    obj({
      Effect: 'Allow',
      Action: [...actionsOn(ctx.node, e.node)],
      Resource: arnsOf(ctx, e.node),
    }),
  );
  // Reading or writing a store encrypted with a customer-managed key also takes the key (S3
  // GetObject needs kms:Decrypt, PutObject kms:GenerateDataKey; SQS, SNS, Secrets Manager and
  // Kinesis alike; a data connection reads and writes). Databases, caches, tables, file systems,
  // search domains and logs use the key themselves (grants or their key policy statement).
  const keys = targets
    .filter((e) => CALLER_DECRYPTS.has(e.node.service.kind))
    .flatMap((e) => keyOfStore(ctx, e.node) ?? []);
  const unique = [...new Map(keys.map((k) => [k.address, k])).values()];
  if (unique.length > 0)
    statements.push(
      obj({ Effect: 'Allow', Action: ['kms:Decrypt', 'kms:GenerateDataKey'], Resource: unique }),
    );
  // Cassandra drivers read the system tables when they connect (Keyspaces developer guide,
  // "Identity-based policy examples"): read-only, whatever keyspace the caller uses.
  if (targets.some((e) => e.node.service.kind === 'wide-column')) {
    const partition = ref(ctx.data('aws_partition', 'current', {}).address, 'partition');
    const account = ref(ctx.data('aws_caller_identity', 'current', {}).address, 'account_id');
    statements.push(
      obj({
        Effect: 'Allow',
        Action: ['cassandra:Select'],
        Resource: [
          tpl(
            'arn:',
            partition,
            ':cassandra:',
            ref('var.region'),
            ':',
            account,
            ':/keyspace/system*',
          ),
        ],
      }),
    );
  }
  // RDS keeps the admin credentials in Secrets Manager (policy aws-rds-managed-password): a
  // reader of the database reads that secret, and decrypts it with the database's key.
  for (const e of outgoing.filter((x) => isManagedPasswordDb(x.node))) {
    statements.push(
      obj({
        Effect: 'Allow',
        Action: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'],
        Resource: [masterSecretArn(ctx, e.node)],
      }),
    );
    const key = ctx.edgesOf(e.node, 'out', 'data').find((k) => k.node.service.kind === 'kms');
    if (key) {
      statements.push(
        obj({
          Effect: 'Allow',
          Action: ['kms:Decrypt'],
          Resource: [ref(ctx.address(key.node, 'aws_kms_key'), 'arn')],
        }),
      );
    }
  }
  // ElastiCache and Amazon MQ clients sign in with a credential kept in a secret for them.
  const signIns = outgoing.filter((x) => hasClientSecret(x.node));
  if (signIns.length > 0)
    statements.push(
      obj({
        Effect: 'Allow',
        Action: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'],
        Resource: signIns.map((e) => clientSecretArn(ctx, e.node)),
      }),
    );
  if (statements.length === 0) return;
  ctx.resource('aws_iam_role_policy', `${local}_data`, {
    name: 'data-access',
    role: ref(role.address, 'id'),
    policy: policyDocument(statements),
  });
}

/**
 * The role each compute service grants its data connections to (the role its builder passes to
 * dataAccessPolicy): a resource policy naming a connected component names this role, so both
 * sides grant the same principal. efs-policy.test.ts keeps the table complete.
 */
const DATA_ROLE_SUFFIX: Readonly<Record<string, string>> = {
  'aws.ec2': '',
  'aws.autoscaling-group': '',
  'aws.lambda': '',
  'aws.step-functions': '',
  'aws.iam-role': '',
  'aws.app-runner': '',
  'aws.ecs-fargate': '_task',
  // Its workloads' Pod Identity role; its nodes' role for the file systems they mount (eks.ts).
  'aws.eks': '_workload',
};

/** Whether `node` has a role its data connections are granted to. */
export const hasDataRole = (node: TNode): boolean =>
  DATA_ROLE_SUFFIX[node.service.id] !== undefined;

/** ARN of the role `node`'s data connection to `store` is granted to, if it has one. */
export function dataRoleArn(ctx: TTfBuildContext, node: TNode, store: TNode): TTfRef | undefined {
  const suffix =
    node.service.id === 'aws.eks' && nodesUse(store) ? '_nodes' : DATA_ROLE_SUFFIX[node.service.id];
  return suffix === undefined ? undefined : ref(ctx.address(node, 'aws_iam_role', suffix), 'arn');
}

/**
 * What an EKS cluster's nodes use themselves, granted to the node role: file systems, which the
 * EFS CSI driver's node daemon mounts as the node (EKS User Guide, "Use elastic file system
 * storage with Amazon EFS"), image repositories, which the kubelet pulls from, and log groups,
 * which a log shipper running on every node (Fluent Bit, the CloudWatch agent) writes with the
 * node's credentials unless given a role of its own. Everything else is the workloads', granted
 * to their Pod Identity role.
 */
const NODE_STORES: ReadonlySet<string> = new Set([
  'file-storage',
  'container-registry',
  'log-group',
]);
export const nodesUse = (store: TNode): boolean => NODE_STORES.has(store.service.kind);

/**
 * A role connected to ECR repositories pulls from them with a registry token
 * (`aws ecr get-login-password`), which IAM grants on `*` only (Amazon ECR "Private registry
 * authentication"); the data connection grants the pull on each repository.
 */
export function registryToken(ctx: TTfBuildContext, role: TTfRef): void {
  if (!ctx.outgoing('data').some((e) => e.node.service.kind === 'container-registry')) return;
  ctx.resource('aws_iam_role_policy', `${ctx.node.local}_registry`, {
    name: 'registry-token',
    role: ref(role.address, 'id'),
    policy: policyDocument([
      obj({ Effect: 'Allow', Action: ['ecr:GetAuthorizationToken'], Resource: '*' }),
    ]),
  });
}
