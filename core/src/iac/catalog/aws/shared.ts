import type { TEdge, TNode, TTfBuildContext } from '../service';
import { settingNamer } from '../setting-names';
import { keyOfStore } from './key-policy';
import { BuildError } from '../../build/terraform-build';
import { DATA_TIER_KINDS } from '../../policy/rules/network';
import { call, isTagged, obj, ref, tpl, type TTfRef, type TTfValue } from '../../ir/terraform-ir';

/** Helpers every AWS service file shares: subnets, security groups, IAM, endpoints. */
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
    const port =
      source.service.kind === 'bastion'
        ? bastionPort(edge.connection.port)
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

/** The one stage of a WebSocket API: callback URLs and connection ARNs name it. */
export const WEBSOCKET_STAGE = 'live';

/** `https://<api>.execute-api.<region>.amazonaws.com/<stage>`: where `@connections` posts go. */
export const callbackUrl = (ctx: TTfBuildContext, api: TNode): TTfValue =>
  tpl(
    call('replace', primaryRef(ctx, api, 'api_endpoint'), 'wss://', 'https://'),
    `/${WEBSOCKET_STAGE}`,
  );

/** What `execute-api:ManageConnections` is granted on: posts to the stage's connections. */
export const connectionsArn = (ctx: TTfBuildContext, api: TNode): TTfValue =>
  tpl(primaryRef(ctx, api, 'execution_arn'), `/${WEBSOCKET_STAGE}/POST/@connections/*`);

/**
 * The node's data connections, and the WebSocket APIs that route to it: their handlers answer
 * clients by posting to connections, as functions with a data connection to the API do.
 */
function dataTargets(ctx: TTfBuildContext): TEdge[] {
  const out = ctx.outgoing('data');
  const apis = ctx
    .incoming('traffic')
    .filter(
      (e) =>
        e.node.service.kind === 'realtime' &&
        webSocketFunctions(ctx, e.node).handler === ctx.node &&
        !out.some((o) => o.node === e.node),
    );
  return [...out, ...apis];
}

/**
 * The functions a WebSocket API connects to by traffic, by role. The Lambda authorizer is the
 * one `authorizerFunction` names (id or name), else the first; the route handler is the first
 * other one, else the authorizer itself.
 */
export function webSocketFunctions(
  ctx: TTfBuildContext,
  api: TNode,
): { authorizer?: TNode; handler?: TNode } {
  const functions = ctx.outgoingOf(api, 'traffic').map((e) => e.node);
  const named = String(api.properties['authorizerFunction'] ?? '').trim();
  const authorizer =
    api.properties['authorizer'] === 'lambda'
      ? (functions.find((n) => named !== '' && (n.id === named || n.name === named)) ??
        functions[0])
      : undefined;
  return { authorizer, handler: functions.find((n) => n !== authorizer) ?? authorizer };
}

/** Environment variables a compute node gets for each store it reads or writes. */
export function connectionEnv(ctx: TTfBuildContext): Record<string, TTfValue> {
  const env: Record<string, TTfValue> = {};
  const targets = dataTargets(ctx);
  const name = settingNamer(targets.map((e) => e.node));
  for (const edge of targets) {
    const t = edge.node;
    const p = (attr: string) => primaryRef(ctx, t, attr);
    switch (t.service.kind) {
      case 'nosql':
        env[name(t, 'TABLE')] = p('name');
        break;
      case 'object-storage':
        env[name(t, 'BUCKET')] = p('id');
        break;
      case 'queue':
        env[name(t, 'QUEUE_URL')] = p('url');
        break;
      case 'topic':
      case 'secret':
        env[name(t, 'ARN')] = p('arn');
        break;
      case 'event-bus':
        env[name(t, 'BUS')] = p('name');
        break;
      case 'postgresql':
      case 'mysql':
      case 'sqlserver':
        env[name(t, 'HOST')] = p('address');
        env[name(t, 'PORT')] = p('port');
        if (isManagedPasswordDb(t)) env[name(t, 'SECRET_ARN')] = masterSecretArn(ctx, t);
        break;
      case 'cache':
        env[name(t, 'HOST')] = p('primary_endpoint_address');
        break;
      case 'file-storage':
        env[name(t, 'DNS')] = p('dns_name');
        break;
      case 'document-db':
        env[name(t, 'HOST')] = p('endpoint');
        env[name(t, 'PORT')] = p('port');
        env[name(t, 'SECRET_ARN')] = p('master_user_secret[0].secret_arn');
        break;
      case 'workflow':
        env[name(t, 'ARN')] = p('arn');
        break;
      case 'user-directory':
        env[name(t, 'USER_POOL_ID')] = p('id');
        break;
      case 'email':
        env[name(t, 'DOMAIN')] = p('email_identity');
        env[name(t, 'CONFIGURATION_SET')] = ref(
          ctx.address(t, 'aws_sesv2_configuration_set'),
          'configuration_set_name',
        );
        break;
      case 'message-broker':
        env[name(t, 'AMQPS_ENDPOINT')] = p('instances[0].endpoints[0]');
        break;
      case 'wide-column':
        env[name(t, 'KEYSPACE')] = p('name');
        env[name(t, 'TABLE')] = ref(ctx.address(t, 'aws_keyspaces_table'), 'table_name');
        break;
      case 'distributed-sql':
        env[name(t, 'HOST')] = tpl(p('identifier'), '.dsql.', ref('var.region'), '.on.aws');
        break;
      case 'realtime':
        env[name(t, 'CALLBACK_URL')] = callbackUrl(ctx, t);
        break;
      case 'stream':
        env[name(t, 'STREAM_NAME')] = p('name');
        break;
      case 'kafka':
        // MSK Serverless authenticates with IAM only: the SASL/IAM listeners.
        env[name(t, 'BOOTSTRAP_SERVERS')] = p('bootstrap_brokers_sasl_iam');
        break;
      case 'search':
        env[name(t, 'ENDPOINT')] = tpl('https://', p('endpoint'));
        break;
      case 'function':
        env[name(t, 'FUNCTION_NAME')] = p('function_name');
        break;
      case 'log-group':
        env[name(t, 'LOG_GROUP')] = p('name');
        break;
      case 'log-router':
        env[name(t, 'DELIVERY_STREAM')] = p('name');
        break;
      case 'kms':
        env[name(t, 'KEY_ARN')] = p('arn');
        break;
      // An ECR repository is pulled by the platform (the task or service image), not by code.
    }
  }
  return env;
}

/** Attributes of connection settings that are numbers (RDS and DocumentDB `port`). */
const NUMBER_ATTRIBUTES = new Set(['port']);

/**
 * A setting as text, for a JSON document: `jsonencode` writes a number as a JSON number, and
 * ECS takes only strings as container environment values (RegisterTaskDefinition,
 * `KeyValuePair`). Environment maps (Lambda, App Runner) and SSM values convert by themselves.
 */
export function settingText(value: TTfValue): TTfValue {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isTagged(value) && value.$ === 'ref' && NUMBER_ATTRIBUTES.has(value.attr.split('.').pop()!))
    return call('tostring', value);
  return value;
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

/** Grants the role what each outgoing data connection needs (least privilege per target). */
export function dataAccessPolicy(ctx: TTfBuildContext, role: TTfRef, local: string): void {
  const targets = dataTargets(ctx).filter((e) => (e.node.service.dataActions ?? []).length > 0);
  const statements = targets.map((e) =>
    obj({
      Effect: 'Allow',
      Action: [...(e.node.service.dataActions ?? [])],
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
  for (const e of ctx.outgoing('data').filter((x) => isManagedPasswordDb(x.node))) {
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
  if (statements.length === 0) return;
  ctx.resource('aws_iam_role_policy', `${local}_data`, {
    name: 'data-access',
    role: ref(role.address, 'id'),
    policy: policyDocument(statements),
  });
}

/** KMS key of the node, when it has a data connection to a KMS component. */
export function kmsKeyOf(ctx: TTfBuildContext, attr: 'arn' | 'key_id' = 'arn'): TTfRef | undefined {
  const kms = ctx.outgoing('data').find((e) => e.node.service.kind === 'kms');
  return kms ? ref(ctx.address(kms.node, 'aws_kms_key'), attr) : undefined;
}

export function azElement(ctx: TTfBuildContext, index: number): TTfValue {
  return call('element', ref(availabilityZones(ctx).address, 'names'), index);
}

export const AMI_FILTERS: Readonly<
  Record<string, { owner: string; name: (arch: string) => string }>
> = {
  'ubuntu-24.04': {
    owner: '099720109477',
    name: (arch) =>
      `ubuntu/images/hvm-ssd-gp3/ubuntu-noble-24.04-${arch === 'arm64' ? 'arm64' : 'amd64'}-server-*`,
  },
  'ubuntu-22.04': {
    owner: '099720109477',
    name: (arch) =>
      `ubuntu/images/hvm-ssd/ubuntu-jammy-22.04-${arch === 'arm64' ? 'arm64' : 'amd64'}-server-*`,
  },
  'amazon-linux-2023': {
    owner: 'amazon',
    name: (arch) => `al2023-ami-2023.*-${arch === 'arm64' ? 'arm64' : 'x86_64'}`,
  },
};

/** Graviton families (t4g, m7g, c7g...) need arm64 images. */
export const archOf = (instanceType: string): string =>
  /^[a-z]+\d+[a-z]*g[a-z]*\./.test(instanceType) ? 'arm64' : 'x86_64';

export function amiLookup(ctx: TTfBuildContext, os: string, instanceType: string): TTfRef {
  const image = AMI_FILTERS[os] ?? AMI_FILTERS['ubuntu-24.04']!;
  const arch = archOf(instanceType);
  return ctx.data('aws_ami', `${ctx.node.local}`, {
    most_recent: true,
    owners: [image.owner],
    filter: [
      { $: 'block', body: { name: 'name', values: [image.name(arch)] } },
      { $: 'block', body: { name: 'architecture', values: [arch] } },
    ],
  });
}

/** Databases whose admin password RDS manages in Secrets Manager. */
const isManagedPasswordDb = (node: TNode): boolean =>
  node.service.emits.terraform[0] === 'aws_db_instance';

const masterSecretArn = (ctx: TTfBuildContext, db: TNode): TTfRef =>
  ref(ctx.address(db, 'aws_db_instance'), 'master_user_secret[0].secret_arn');
