import { defineService, type TTfBuildContext } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import {
  block,
  call,
  obj,
  ref,
  tfVar,
  tpl,
  type TTfRef,
  type TTfValue,
} from '../../ir/terraform-ir';
import type { TPropertyDefinition } from '../../types';
import { EC2_TYPES } from './sizes';
import { archOf } from './ami';
import { LOG_RETENTION_DAYS } from './monitoring';
import { kmsKeyOf, subnetIds } from './shared';
import { keyPolicy, logsStatement } from './key-policy';
import { ownSecurityGroup } from './security-groups';
import { dataAccessPolicy, nodesUse, policyDocument, serviceRole } from './iam';
import { connectionEnv } from './connection-env';
import { tfClusterSettings } from '../cluster-settings';

/**
 * Kubernetes minors in EKS standard support on 2026-11-30. A minor has 14 months of it, then 12
 * of extended support at $0.60 instead of $0.10 per cluster hour, after which EKS upgrades the
 * cluster itself (EKS User Guide, "Understand the Kubernetes version lifecycle on EKS"). Minors
 * in extended support stay valid for saved designs, with a warning: EKS still runs them, and
 * upgrades one minor at a time, so moving such a design to a newer minor could fail or upgrade
 * a running cluster unasked.
 */
export const EKS_VERSION: TPropertyDefinition = {
  ...enumProp(
    'version',
    'Kubernetes version',
    ['1.36', '1.35', '1.34'],
    '1.35',
    'Minors in EKS standard support (1.34 until 2026-12-02, 1.35 until 2027-03-27); afterwards 12 months of extended support at 6 times the control-plane price. A cluster upgrades one minor at a time.',
  ),
  deprecated: {
    '1.33':
      'EKS extended support since 2026-07-29 (6 times the control-plane price) until 2027-07-29, when EKS upgrades the cluster itself; upgrade it to 1.34, then 1.35',
    '1.32':
      'EKS extended support since 2026-03-23 (6 times the control-plane price) until 2027-03-23, when EKS upgrades the cluster itself; upgrade it one minor at a time: 1.33, 1.34, then 1.35',
  },
};

/**
 * Who administers the cluster: an IAM role (or user) given per environment, with an access entry
 * holding AmazonEKSClusterAdminPolicy on the whole cluster. The principal that applies the code
 * gets no access of its own (`bootstrap_cluster_creator_admin_permissions = false`, written out:
 * the provider and the EKS API have disagreed on its default), so cluster access is what the code
 * says and stays when the pipeline's role changes (EKS User Guide, "Grant IAM users access to
 * Kubernetes with EKS access entries"; AWS EKS Best Practices, "Identity and Access Management").
 */
export const EKS_ADMIN_POLICY = 'AmazonEKSClusterAdminPolicy';
export const eksAdminInput = (local: string): string => `${local}_admin_principal_arn`;
const IAM_PRINCIPAL_ARN = '^arn:aws[a-z-]*:iam::[0-9]{12}:(role|user)/.+$';

/** Control-plane logs a reviewer needs to tell who did what (EKS User Guide, "control plane logs"). */
export const EKS_LOG_TYPES = ['api', 'audit', 'authenticator'];

/** The service account of the EFS CSI driver's controller, which makes the access points. */
export const EFS_CSI_CONTROLLER_SA = 'efs-csi-controller-sa';

/** Whether the cluster has a data connection to a file system (EFS): it then gets the CSI driver. */
export const hasEfs = (ctx: TTfBuildContext): boolean =>
  ctx.outgoing('data').some((e) => e.node.service.kind === 'file-storage');

/**
 * Without the EFS CSI driver no PersistentVolume of `efs.csi.aws.com` mounts (EKS User Guide,
 * "Use elastic file system storage with Amazon EFS"). The nodes mount with the node role, which
 * the data connection grants ClientMount and ClientWrite; the controller, which makes an access
 * point per volume, gets AmazonEFSCSIDriverPolicy through EKS Pod Identity: the agent add-on, and
 * a role only its service account on this cluster may assume (EKS User Guide, "Create IAM role
 * with trust policy required by EKS Pod Identity"). Its pods wait for nodes to run on.
 */
function efsCsiDriver(
  ctx: TTfBuildContext,
  cluster: TTfRef,
  nodes: TTfRef,
  agent: () => TTfRef,
): void {
  if (!hasEfs(ctx)) return;
  const local = ctx.node.local;
  const clusterName = ref(cluster.address, 'name');
  const role = ctx.resource('aws_iam_role', `${local}_efs_csi`, {
    name: ctx.name('efs-csi', 'aws-generic'),
    assume_role_policy: podIdentityTrust(clusterName, 'kube-system', EFS_CSI_CONTROLLER_SA),
    tags: ctx.tags(),
  });
  const policy = ctx.resource('aws_iam_role_policy_attachment', `${local}_efs_csi_1`, {
    role: ref(role.address, 'name'),
    policy_arn: 'arn:aws:iam::aws:policy/service-role/AmazonEFSCSIDriverPolicy',
  });
  ctx.resource(
    'aws_eks_addon',
    `${local}_efs_csi`,
    {
      cluster_name: clusterName,
      addon_name: 'aws-efs-csi-driver',
      tags: ctx.tags(),
      pod_identity_association: block({
        role_arn: ref(role.address, 'arn'),
        service_account: EFS_CSI_CONTROLLER_SA,
      }),
    },
    [agent().address, policy.address, nodes.address],
  );
}

/**
 * A role that only one service account of one namespace of this cluster may assume, through EKS
 * Pod Identity, which tags the session with them (EKS User Guide, "Create IAM role with trust
 * policy required by EKS Pod Identity").
 */
function podIdentityTrust(cluster: TTfValue, namespace: TTfValue, account: TTfValue): TTfValue {
  return policyDocument([
    obj({
      Effect: 'Allow',
      Principal: obj({ Service: 'pods.eks.amazonaws.com' }),
      Action: ['sts:AssumeRole', 'sts:TagSession'],
      Condition: obj({
        StringEquals: obj({
          'aws:RequestTag/eks-cluster-name': cluster,
          'aws:RequestTag/kubernetes-namespace': namespace,
          'aws:RequestTag/kubernetes-service-account': account,
        }),
      }),
    }),
  ]);
}

/** Whether the cluster's workloads use a store of their own (not the nodes': nodesUse). */
export const hasWorkloadStores = (ctx: TTfBuildContext): boolean =>
  ctx.outgoing('data').some((e) => !nodesUse(e.node));

/**
 * The role the cluster's workloads use the stores it is connected to with: EKS Pod Identity gives
 * it to the pods of one service account (`workloadServiceAccount` in `workloadNamespace`), which
 * the agent add-on serves credentials to. Granted to the node role, as before, every pod on every
 * node could read every store and its secrets, the database's master password included, through
 * the instance's metadata (EKS Best Practices, "Identity and Access Management": restrict the
 * node role, give pods roles of their own; policy aws-eks-node-data-access).
 */
function workloadRole(ctx: TTfBuildContext, cluster: TTfRef, agent: () => TTfRef): void {
  if (!hasWorkloadStores(ctx)) return;
  const local = ctx.node.local;
  const namespace = ctx.value<string>('workloadNamespace');
  const account = ctx.value<string>('workloadServiceAccount');
  const clusterName = ref(cluster.address, 'name');
  const role = ctx.resource('aws_iam_role', `${local}_workload`, {
    name: ctx.name('workload', 'aws-generic'),
    assume_role_policy: podIdentityTrust(clusterName, namespace, account),
    tags: ctx.tags(),
  });
  dataAccessPolicy(ctx, role, `${local}_workload`, { only: (store) => !nodesUse(store) });
  ctx.resource(
    'aws_eks_pod_identity_association',
    `${local}_workload`,
    {
      cluster_name: clusterName,
      namespace,
      service_account: account,
      role_arn: ref(role.address, 'arn'),
      tags: ctx.tags(),
    },
    [agent().address],
  );
  ctx.output(
    'workload_role_arn',
    `IAM role the pods of service account ${namespace}/${account} of ${ctx.node.name} use the connected stores with (EKS Pod Identity)`,
    ref(role.address, 'arn'),
  );
}

/**
 * The nodes' launch template: without one a managed node group's root volumes are encrypted only
 * if the account encrypts EBS by default, and its instance metadata answers IMDSv1. Volume size
 * and device are those EKS gives without a template (20 GiB, /dev/xvda of the AL2023 AMIs);
 * security groups are left out, so EKS still puts the cluster security group on the nodes. Pods
 * reach the metadata service through one more hop than the node (the default limit of 1 would cut
 * them off from the node role: EKS User Guide, "Customize managed nodes with launch templates").
 */
function nodeLaunchTemplate(ctx: TTfBuildContext): TTfRef {
  return ctx.resource('aws_launch_template', `${ctx.node.local}_nodes`, {
    name: ctx.name('nodes', 'aws-launch-template'),
    update_default_version: true,
    tags: ctx.tags(),
    block_device_mappings: block({
      device_name: '/dev/xvda',
      ebs: block({ volume_size: 20, volume_type: 'gp3', encrypted: true }),
    }),
    metadata_options: block({
      http_endpoint: 'enabled',
      http_tokens: 'required',
      http_put_response_hop_limit: 2,
    }),
  });
}

/**
 * EKS: a control plane private to its VPC unless the design lists authorised networks, Kubernetes
 * secrets envelope-encrypted with a KMS key, and API, audit and authenticator logs kept in a log
 * group of its own (policies aws-eks-private-endpoint, aws-eks-secrets-encryption and
 * aws-eks-control-plane-logging), with a managed node group.
 */
/**
 * The node group's AMI type, for the architecture of its instance type in each environment:
 * without one EKS takes an x86_64 AMI, and refuses the group on Graviton types (t4g, m7g...).
 * Amazon Linux 2023, the AMI EKS supports from Kubernetes 1.33 on.
 */
function nodeAmiType(ctx: TTfBuildContext): TTfValue {
  const amiType = (instanceType: string) =>
    archOf(instanceType) === 'arm64' ? 'AL2023_ARM_64_STANDARD' : 'AL2023_x86_64_STANDARD';
  const byEnv = Object.fromEntries(
    ctx.environments.map((e) => [
      e,
      amiType(String(ctx.node.overrides[e]?.['nodeInstanceType'] ?? ctx.value('nodeInstanceType'))),
    ]),
  );
  const types = new Set(Object.values(byEnv));
  if (types.size <= 1) return amiType(ctx.value('nodeInstanceType'));
  return call('lookup', obj(byEnv), tfVar('environment'));
}

export const awsEks = defineService({
  id: 'aws.eks',
  cloud: 'aws',
  kind: 'kubernetes',
  name: 'EKS cluster',
  category: 'containers',
  description:
    'Managed Kubernetes control plane (private endpoint unless authorised networks are listed, secrets encrypted with KMS, API, audit and authenticator logs) with a managed node group; the IAM role you give per environment administers it (an access entry).',
  icon: 'aws-eks',
  properties: [
    EKS_VERSION,
    enumProp('nodeInstanceType', 'Node instance type', EC2_TYPES, 't3.large'),
    numProp('nodeMin', 'Minimum nodes', 1, 1, 100),
    numProp('nodeMax', 'Maximum nodes', 4, 1, 100),
    numProp('nodeDesired', 'Desired nodes', 2, 1, 100),
    {
      key: 'authorizedNetworks',
      label: 'API server authorised networks',
      type: 'string-list',
      default: [],
      description:
        'Public CIDR ranges that may reach the API server. Empty (the default): a private endpoint, reachable from the VPC only.',
    },
    {
      key: 'publicEndpoint',
      label: 'Public API endpoint for any address',
      type: 'boolean',
      default: false,
      description:
        'Opens the API server to the internet (0.0.0.0/0) when no authorised networks are listed; policy aws-eks-private-endpoint reports it. List authorised networks instead.',
    },
    strProp(
      'workloadNamespace',
      'Workload namespace',
      'default',
      'Namespace of the service account whose pods use the connected stores (EKS Pod Identity).',
    ),
    strProp(
      'workloadServiceAccount',
      'Workload service account',
      'workload',
      'Service account whose pods use the connected stores, through an IAM role of their own: the nodes hold no access to them.',
    ),
    enumProp(
      'logRetention',
      'Control plane log retention (days)',
      LOG_RETENTION_DAYS,
      '90',
      'How long CloudWatch keeps the API, audit and authenticator logs.',
    ),
  ],
  placement: 'subnet',
  port: 443,
  isNetworked: true,
  naming: { rule: 'aws-generic', abbreviation: 'eks' },
  emits: {
    terraform: [
      'aws_eks_cluster',
      'aws_eks_node_group',
      'aws_iam_role',
      'aws_iam_role_policy_attachment',
      'aws_iam_role_policy',
      'aws_kms_key',
      'aws_cloudwatch_log_group',
      'aws_eks_access_entry',
      'aws_eks_access_policy_association',
      'aws_eks_addon',
      'aws_launch_template',
      'aws_eks_pod_identity_association',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const groups = ownSecurityGroup(ctx, `EKS cluster ${ctx.node.name}`);
    const clusterRole = serviceRole(
      ctx,
      `${local}_cluster`,
      'eks.amazonaws.com',
      ['arn:aws:iam::aws:policy/AmazonEKSClusterPolicy'],
      'cluster',
    );
    const nodeRole = serviceRole(
      ctx,
      `${local}_nodes`,
      'ec2.amazonaws.com',
      [
        'arn:aws:iam::aws:policy/AmazonEKSWorkerNodePolicy',
        'arn:aws:iam::aws:policy/AmazonEKS_CNI_Policy',
        'arn:aws:iam::aws:policy/AmazonEC2ContainerRegistryReadOnly',
      ],
      'nodes',
    );
    // The nodes mount file systems, pull images and ship logs; the workloads' stores are their role's.
    dataAccessPolicy(ctx, nodeRole, `${local}_nodes`, { only: nodesUse });
    // Secrets and control-plane logs: the connected KMS key, else one of the cluster's own that
    // rotates yearly and that CloudWatch Logs may use, as the connected key's policy lets it.
    const secretsKey =
      kmsKeyOf(ctx) ??
      ref(
        ctx.resource('aws_kms_key', `${local}_secrets`, {
          description: tpl('Kubernetes secrets of ', ctx.name()),
          deletion_window_in_days: 30,
          enable_key_rotation: true,
          policy: keyPolicy(ctx, [logsStatement(ctx)]),
          tags: ctx.tags(),
        }).address,
        'arn',
      );
    // EKS uses the key as the cluster role (what terraform-aws-eks grants it).
    const keyAccess = ctx.resource('aws_iam_role_policy', `${local}_cluster_secrets`, {
      name: 'secrets-encryption',
      role: ref(clusterRole.address, 'id'),
      policy: policyDocument([
        obj({
          Effect: 'Allow',
          Action: ['kms:Encrypt', 'kms:Decrypt', 'kms:ListGrants', 'kms:DescribeKey'],
          Resource: [secretsKey],
        }),
      ]),
    });
    // EKS writes to /aws/eks/<cluster>/cluster and creates it without a retention unless it
    // exists first; the name is the cluster's, fixed by the cluster's own naming rule.
    const logs = ctx.resource('aws_cloudwatch_log_group', `${local}_control_plane`, {
      name: tpl('/aws/eks/', ctx.name(undefined, 'aws-eks'), '/cluster'),
      retention_in_days: ctx.prop('logRetention', (v) => Number(v), `${local}_log_retention`),
      kms_key_id: secretsKey,
      tags: ctx.tags(),
    });
    const networks = ctx.value<string[]>('authorizedNetworks');
    const isPublic = networks.length > 0 || ctx.value<boolean>('publicEndpoint');
    const cluster = ctx.resource(
      'aws_eks_cluster',
      local,
      {
        name: ctx.name(),
        role_arn: ref(clusterRole.address, 'arn'),
        version: ctx.prop('version'),
        enabled_cluster_log_types: EKS_LOG_TYPES,
        tags: ctx.tags(),
        // The API server answers the VPC only, or the listed networks.
        vpc_config: block({
          subnet_ids: subnetIds(ctx),
          security_group_ids: groups,
          endpoint_private_access: true,
          endpoint_public_access: isPublic,
          ...(isPublic
            ? {
                public_access_cidrs:
                  networks.length > 0 ? ctx.prop('authorizedNetworks') : ['0.0.0.0/0'],
              }
            : {}),
        }),
        encryption_config: block({
          resources: ['secrets'],
          provider: block({ key_arn: secretsKey }),
        }),
        access_config: block({
          authentication_mode: 'API',
          bootstrap_cluster_creator_admin_permissions: false,
        }),
      },
      [`aws_iam_role_policy_attachment.${local}_cluster_1`, keyAccess.address, logs.address],
    );
    const adminInput = eksAdminInput(local);
    const admin = ctx.resource('aws_eks_access_entry', `${local}_admin`, {
      cluster_name: ref(cluster.address, 'name'),
      principal_arn: ctx.variable({
        name: adminInput,
        type: 'string',
        description: `ARN of the IAM role (or user) that administers EKS cluster ${ctx.node.name}: an access entry with ${EKS_ADMIN_POLICY} on the whole cluster; the principal that applies this code gets no cluster access of its own (set TF_VAR_${adminInput}).`,
        validation: {
          condition: call('can', call('regex', IAM_PRINCIPAL_ARN, tfVar(adminInput))),
          errorMessage:
            'The cluster administrator is the ARN of an IAM role or user (arn:aws:iam::<account>:role/<name>), not of an assumed-role session.',
        },
      }),
      type: 'STANDARD',
      tags: ctx.tags(),
    });
    // An AWS-managed policy, named as the managed IAM policies above are.
    ctx.resource('aws_eks_access_policy_association', `${local}_admin`, {
      cluster_name: ref(cluster.address, 'name'),
      principal_arn: ref(admin.address, 'principal_arn'),
      policy_arn: `arn:aws:eks::aws:cluster-access-policy/${EKS_ADMIN_POLICY}`,
      access_scope: block({ type: 'cluster' }),
    });
    const template = nodeLaunchTemplate(ctx);
    const nodes = ctx.resource(
      'aws_eks_node_group',
      local,
      {
        cluster_name: ref(cluster.address, 'name'),
        node_group_name: ctx.name('nodes'),
        node_role_arn: ref(nodeRole.address, 'arn'),
        subnet_ids: subnetIds(ctx),
        instance_types: [ctx.prop('nodeInstanceType')],
        ami_type: nodeAmiType(ctx),
        tags: ctx.tags(),
        // The template's number: the API reads $Latest back as one, a diff at every plan.
        launch_template: block({
          id: ref(template.address, 'id'),
          version: ref(template.address, 'latest_version'),
        }),
        scaling_config: block({
          desired_size: ctx.prop('nodeDesired'),
          max_size: ctx.prop('nodeMax'),
          min_size: ctx.prop('nodeMin'),
        }),
      },
      [1, 2, 3].map((i) => `aws_iam_role_policy_attachment.${local}_nodes_${i}`),
    );
    // One Pod Identity agent serves the EFS CSI driver and the workloads, where either is there.
    let agent: TTfRef | undefined;
    const podIdentityAgent = () =>
      (agent ??= ctx.resource('aws_eks_addon', `${local}_pod_identity_agent`, {
        cluster_name: ref(cluster.address, 'name'),
        addon_name: 'eks-pod-identity-agent',
        tags: ctx.tags(),
      }));
    efsCsiDriver(ctx, cluster, nodes, podIdentityAgent);
    workloadRole(ctx, cluster, podIdentityAgent);
    ctx.output('endpoint', `API endpoint of ${ctx.node.name}`, ref(cluster.address, 'endpoint'));
    ctx.output('cluster_name', `Name of ${ctx.node.name}`, ref(cluster.address, 'name'));
    tfClusterSettings(ctx, connectionEnv(ctx));
  },
});
