import {
  address,
  attr,
  blocks,
  isLiteral,
  ofType,
  policyStatements,
  refAddresses,
  tfHit,
} from '../query';
import { defineRule, type TPolicyHit } from '../types';
import type { TTfResource } from '../../ir/terraform-ir';

/** The EKS control-plane baseline: a private API server, encrypted secrets, audit logs. */
const OPEN = ['0.0.0.0/0', '::/0'];
const LOG_TYPES = ['api', 'audit', 'authenticator'];

const clusters = (resources: readonly TTfResource[]): TTfResource[] =>
  ofType(resources, 'aws_eks_cluster');

export const eksPrivateEndpoint = defineRule({
  id: 'aws-eks-private-endpoint',
  clouds: ['aws'],
  title: 'EKS API server is private or limited to authorised networks',
  checks:
    'The public endpoint is off (reachable from the VPC only), or public_access_cidrs lists the ranges that may reach it and none of them is 0.0.0.0/0.',
  severity: 'high',
  docs: 'https://docs.aws.amazon.com/eks/latest/userguide/cluster-endpoint.html',
  source:
    'tfsec aws-eks-no-public-cluster-access, aws-eks-no-public-cluster-access-to-cidr; Checkov CKV_AWS_38, CKV_AWS_39; Security Hub EKS.1',
  terraform: (resources) =>
    clusters(resources).flatMap((r): TPolicyHit[] => {
      const vpc = blocks(r.body, 'vpc_config')[0];
      // The provider's defaults: a public endpoint, open to 0.0.0.0/0.
      if (vpc === undefined || attr(vpc.body, 'endpoint_public_access') !== false) {
        const cidrs = vpc === undefined ? undefined : attr(vpc.body, 'public_access_cidrs');
        // A variable per environment is the design's list, each entry a CIDR it checked.
        if (cidrs !== undefined && !Array.isArray(cidrs) && !isLiteral(cidrs)) return [];
        const list = Array.isArray(cidrs) ? cidrs : [];
        if (list.length === 0 || list.some((c) => OPEN.includes(String(c))))
          return [tfHit(r, 'the API server endpoint is public to any address (0.0.0.0/0)')];
      }
      return [];
    }),
});

export const eksSecretsEncryption = defineRule({
  id: 'aws-eks-secrets-encryption',
  clouds: ['aws'],
  title: 'EKS envelope-encrypts Kubernetes secrets with a KMS key that rotates',
  checks:
    'The cluster has an encryption_config for "secrets" with a customer-managed KMS key; a key this configuration creates has automatic rotation on.',
  severity: 'high',
  docs: 'https://docs.aws.amazon.com/eks/latest/userguide/envelope-encryption.html',
  source:
    'tfsec aws-eks-encrypt-secrets; Checkov CKV_AWS_58; CIS Amazon EKS 5.3.1; Security Hub EKS.3',
  terraform: (resources) => {
    const keys = new Map(ofType(resources, 'aws_kms_key').map((k) => [address(k), k] as const));
    return clusters(resources).flatMap((r): TPolicyHit[] => {
      const config = blocks(r.body, 'encryption_config').find((c) => {
        const on = attr(c.body, 'resources');
        return Array.isArray(on) && on.includes('secrets');
      });
      if (config === undefined)
        return [
          tfHit(r, 'Kubernetes secrets are not encrypted with a KMS key (no encryption_config)'),
        ];
      const provider = blocks(config.body, 'provider')[0];
      return refAddresses(provider ? attr(provider.body, 'key_arn') : undefined)
        .map((a) => keys.get(a))
        .filter((k) => k !== undefined && attr(k.body, 'enable_key_rotation') !== true)
        .map(() => tfHit(r, 'the KMS key of its secrets does not rotate (enable_key_rotation)'));
    });
  },
});

export const eksControlPlaneLogging = defineRule({
  id: 'aws-eks-control-plane-logging',
  clouds: ['aws'],
  title: 'EKS control plane logs API, audit and authenticator events, kept for a set time',
  checks:
    'enabled_cluster_log_types includes api, audit and authenticator, and the cluster waits for a CloudWatch log group with retention_in_days (EKS creates /aws/eks/<cluster>/cluster without a retention otherwise).',
  severity: 'medium',
  docs: 'https://docs.aws.amazon.com/eks/latest/userguide/control-plane-logs.html',
  source:
    'tfsec aws-eks-enable-control-plane-logging; Checkov CKV_AWS_37; CIS Amazon EKS 2.1.1; Security Hub EKS.8',
  terraform: (resources) => {
    const kept = new Set(
      ofType(resources, 'aws_cloudwatch_log_group')
        .filter((g) => attr(g.body, 'retention_in_days') !== undefined)
        .map(address),
    );
    return clusters(resources).flatMap((r): TPolicyHit[] => {
      const types = attr(r.body, 'enabled_cluster_log_types');
      const missing = LOG_TYPES.filter((t) => !(Array.isArray(types) && types.includes(t)));
      const hits: TPolicyHit[] = [];
      if (missing.length > 0)
        hits.push(tfHit(r, `control plane logs off for ${missing.join(', ')}`));
      if (!(r.dependsOn ?? []).some((a) => kept.has(a)))
        hits.push(tfHit(r, 'no log group with a retention is created before the cluster'));
      return hits;
    });
  },
});

/**
 * What a node role may be granted of data access: mounting file systems (the EFS CSI driver's
 * node daemon mounts as the node), pulling images and writing logs (a log shipper on every node).
 */
const NODE_ACTIONS = /^(elasticfilesystem:Client|ecr:|logs:)/;

const actionsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((a): a is string => typeof a === 'string');

export const eksNodeDataAccess = defineRule({
  id: 'aws-eks-node-data-access',
  clouds: ['aws'],
  title: 'EKS workloads use their stores through roles of their own, not the node role',
  checks:
    "An inline policy of a managed node group's role allows nothing but mounting file systems (elasticfilesystem:Client*), pulling images (ecr:*) and writing logs (logs:*); what the workloads read and write is granted to a role EKS Pod Identity gives their service account. Every pod on a node can take the node role's credentials from the instance metadata service.",
  severity: 'high',
  docs: 'https://docs.aws.amazon.com/eks/latest/best-practices/identity-and-access-management.html',
  source:
    'AWS EKS Best Practices Guide, "Identity and Access Management" (restrict access to the instance profile assigned to the worker node; give pods IAM roles of their own)',
  terraform: (resources) => {
    const nodeRoles = new Set(
      ofType(resources, 'aws_eks_node_group').flatMap((g) =>
        refAddresses(attr(g.body, 'node_role_arn')),
      ),
    );
    return ofType(resources, 'aws_iam_role_policy')
      .filter((p) => refAddresses(attr(p.body, 'role')).some((a) => nodeRoles.has(a)))
      .flatMap((p): TPolicyHit[] => {
        const granted = policyStatements(attr(p.body, 'policy'))
          .filter((st) => st.entries['Effect'] === 'Allow')
          .flatMap((st) => actionsOf(st.entries['Action']))
          .filter((a) => !NODE_ACTIONS.test(a));
        if (granted.length === 0) return [];
        const list = [...new Set(granted)].join(', ');
        return [tfHit(p, `the node role may ${list}, and so may every pod on its nodes`)];
      });
  },
});
