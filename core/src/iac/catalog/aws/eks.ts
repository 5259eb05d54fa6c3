import { defineService } from '../service';
import { enumProp, numProp } from '../properties';
import { block, obj, ref, tpl } from '../../ir/terraform-ir';
import type { TPropertyDefinition } from '../../types';
import { EC2_TYPES } from './sizes';
import { LOG_RETENTION_DAYS } from './monitoring';
import { kmsKeyOf, subnetIds } from './shared';
import { ownSecurityGroup } from './security-groups';
import { dataAccessPolicy, policyDocument, serviceRole } from './iam';
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

/** Control-plane logs a reviewer needs to tell who did what (EKS User Guide, "control plane logs"). */
export const EKS_LOG_TYPES = ['api', 'audit', 'authenticator'];

/**
 * EKS: a control plane private to its VPC unless the design lists authorised networks, Kubernetes
 * secrets envelope-encrypted with a KMS key, and API, audit and authenticator logs kept in a log
 * group of its own (policies aws-eks-private-endpoint, aws-eks-secrets-encryption and
 * aws-eks-control-plane-logging), with a managed node group.
 */
export const awsEks = defineService({
  id: 'aws.eks',
  cloud: 'aws',
  kind: 'kubernetes',
  name: 'EKS cluster',
  category: 'containers',
  description:
    'Managed Kubernetes control plane (private endpoint unless authorised networks are listed, secrets encrypted with KMS, API, audit and authenticator logs) with a managed node group.',
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
    dataAccessPolicy(ctx, nodeRole, `${local}_nodes`);
    // Secrets: the connected KMS key, else one of the cluster's own that rotates yearly.
    const connectedKey = kmsKeyOf(ctx);
    const secretsKey =
      connectedKey ??
      ref(
        ctx.resource('aws_kms_key', `${local}_secrets`, {
          description: tpl('Kubernetes secrets of ', ctx.name()),
          deletion_window_in_days: 30,
          enable_key_rotation: true,
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
      ...(connectedKey ? { kms_key_id: connectedKey } : {}),
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
        access_config: block({ authentication_mode: 'API' }),
      },
      [`aws_iam_role_policy_attachment.${local}_cluster_1`, keyAccess.address, logs.address],
    );
    ctx.resource(
      'aws_eks_node_group',
      local,
      {
        cluster_name: ref(cluster.address, 'name'),
        node_group_name: ctx.name('nodes'),
        node_role_arn: ref(nodeRole.address, 'arn'),
        subnet_ids: subnetIds(ctx),
        instance_types: [ctx.prop('nodeInstanceType')],
        tags: ctx.tags(),
        scaling_config: block({
          desired_size: ctx.prop('nodeDesired'),
          max_size: ctx.prop('nodeMax'),
          min_size: ctx.prop('nodeMin'),
        }),
      },
      [1, 2, 3].map((i) => `aws_iam_role_policy_attachment.${local}_nodes_${i}`),
    );
    ctx.output('endpoint', `API endpoint of ${ctx.node.name}`, ref(cluster.address, 'endpoint'));
    ctx.output('cluster_name', `Name of ${ctx.node.name}`, ref(cluster.address, 'name'));
    tfClusterSettings(ctx, connectionEnv(ctx));
  },
});
