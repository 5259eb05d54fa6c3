import { describe, expect, it } from 'vitest';
import { block, call, obj, ref, type TTfBody } from '../../ir/terraform-ir';
import { tf, tfAddresses } from '../testing/ir';
import {
  eksControlPlaneLogging,
  eksNodeDataAccess,
  eksPrivateEndpoint,
  eksSecretsEncryption,
} from './aws-eks';

const vpc = (body: TTfBody) => block({ subnet_ids: ['subnet-1'], ...body });

describe('aws-eks-private-endpoint', () => {
  it('flags the provider default and a public endpoint open to 0.0.0.0/0', () => {
    const bare = tf('aws_eks_cluster', 'bare', { vpc_config: vpc({}) });
    const open = tf('aws_eks_cluster', 'open', {
      vpc_config: vpc({ endpoint_public_access: true, public_access_cidrs: ['0.0.0.0/0'] }),
    });
    expect(tfAddresses(eksPrivateEndpoint, [bare, open])).toEqual([
      'aws_eks_cluster.bare',
      'aws_eks_cluster.open',
    ]);
  });

  it('passes a private endpoint, listed networks, and a per-environment list', () => {
    const closed = tf('aws_eks_cluster', 'a', {
      vpc_config: vpc({ endpoint_public_access: false }),
    });
    const listed = tf('aws_eks_cluster', 'b', {
      vpc_config: vpc({ endpoint_public_access: true, public_access_cidrs: ['198.51.100.0/24'] }),
    });
    const perEnv = tf('aws_eks_cluster', 'c', {
      vpc_config: vpc({
        endpoint_public_access: true,
        public_access_cidrs: ref('var.c_authorized_networks'),
      }),
    });
    expect(tfAddresses(eksPrivateEndpoint, [closed, listed, perEnv])).toEqual([]);
  });
});

describe('aws-eks-secrets-encryption', () => {
  const key = (name: string, rotates: boolean) =>
    tf('aws_kms_key', name, { enable_key_rotation: rotates });
  const encrypted = (name: string, keyName: string) =>
    tf('aws_eks_cluster', name, {
      encryption_config: block({
        resources: ['secrets'],
        provider: block({ key_arn: ref(`aws_kms_key.${keyName}`, 'arn') }),
      }),
    });

  it('flags a cluster without encryption_config and a key that does not rotate', () => {
    const plain = tf('aws_eks_cluster', 'plain', {});
    expect(
      eksSecretsEncryption.terraform!([plain, key('still', false), encrypted('x', 'still')]).map(
        (h) => [h.address, h.message],
      ),
    ).toEqual([
      [
        'aws_eks_cluster.plain',
        'Kubernetes secrets are not encrypted with a KMS key (no encryption_config)',
      ],
      ['aws_eks_cluster.x', 'the KMS key of its secrets does not rotate (enable_key_rotation)'],
    ]);
  });

  it('passes a rotating key of the configuration and a key given by ARN', () => {
    const external = tf('aws_eks_cluster', 'ext', {
      encryption_config: block({
        resources: ['secrets'],
        provider: block({ key_arn: 'arn:aws:kms:eu-west-1:111122223333:key/abc' }),
      }),
    });
    expect(
      tfAddresses(eksSecretsEncryption, [key('k', true), encrypted('a', 'k'), external]),
    ).toEqual([]);
  });
});

describe('aws-eks-control-plane-logging', () => {
  const group = (retention?: number) =>
    tf('aws_cloudwatch_log_group', 'logs', {
      name: '/aws/eks/c/cluster',
      ...(retention ? { retention_in_days: retention } : {}),
    });
  const logged = (types: string[]) =>
    tf(
      'aws_eks_cluster',
      'c',
      { enabled_cluster_log_types: types },
      { dependsOn: ['aws_cloudwatch_log_group.logs'] },
    );

  it('flags missing log types and a cluster that does not wait for a kept log group', () => {
    expect(
      eksControlPlaneLogging.terraform!([group(), logged(['api'])]).map((h) => h.message),
    ).toEqual([
      'control plane logs off for audit, authenticator',
      'no log group with a retention is created before the cluster',
    ]);
  });

  it('passes api, audit and authenticator logs into a log group with a retention', () => {
    expect(
      tfAddresses(eksControlPlaneLogging, [group(90), logged(['api', 'audit', 'authenticator'])]),
    ).toEqual([]);
  });
});

describe('aws-eks-node-data-access', () => {
  const group = tf('aws_eks_node_group', 'k8s', {
    node_role_arn: ref('aws_iam_role.k8s_nodes', 'arn'),
  });
  const inline = (name: string, role: string, ...actions: string[][]) =>
    tf('aws_iam_role_policy', name, {
      role: ref(`aws_iam_role.${role}`, 'id'),
      policy: call(
        'jsonencode',
        obj({
          Version: '2012-10-17',
          Statement: actions.map((a) => obj({ Effect: 'Allow', Action: a, Resource: ['*'] })),
        }),
      ),
    });

  it('flags a node role that may read a store, naming what it may do', () => {
    const nodes = inline(
      'k8s_nodes_data',
      'k8s_nodes',
      ['elasticfilesystem:ClientMount', 'ecr:BatchGetImage'],
      ['secretsmanager:GetSecretValue', 's3:GetObject'],
    );
    expect(eksNodeDataAccess.terraform!([group, nodes]).map((h) => h.message)).toEqual([
      'the node role may secretsmanager:GetSecretValue, s3:GetObject, and so may every pod on its nodes',
    ]);
  });

  it('passes mounts, pulls and logs on the node role, and stores on any other role', () => {
    const nodes = inline(
      'k8s_nodes_data',
      'k8s_nodes',
      ['elasticfilesystem:ClientMount', 'elasticfilesystem:ClientWrite'],
      ['ecr:BatchGetImage'],
      ['logs:PutLogEvents'],
    );
    const workload = inline('k8s_workload_data', 'k8s_workload', ['s3:GetObject']);
    expect(tfAddresses(eksNodeDataAccess, [group, nodes, workload])).toEqual([]);
  });
});
