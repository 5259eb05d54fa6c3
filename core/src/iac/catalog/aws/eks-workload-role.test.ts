import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An EKS cluster connected to a database (whose master password RDS keeps in Secrets Manager),
 * a bucket, an EFS file system and an ECR repository. The stores the workloads use are granted to
 * a role of their own that EKS Pod Identity gives one service account; the node role keeps what
 * the nodes use themselves: mounting the file system and pulling images. Granted to the node
 * role, every pod on every node could read the database's master password.
 */
const design = smallDesign({
  cloud: 'aws',
  components: [
    {
      id: 'k8s',
      service: 'aws.eks',
      name: 'k8s',
      group: 'sn-0',
      properties: { workloadNamespace: 'shop', workloadServiceAccount: 'orders' },
    },
    { id: 'db', service: 'aws.rds-postgresql', name: 'db', group: 'sn-0' },
    { id: 'media', service: 'aws.s3', name: 'media' },
    { id: 'files', service: 'aws.efs', name: 'files', group: 'sn-0' },
    { id: 'images', service: 'aws.ecr', name: 'images' },
  ],
  connections: [
    { from: 'k8s', to: 'sn-1', type: 'placement' },
    { from: 'db', to: 'sn-1', type: 'placement' },
    { from: 'k8s', to: 'db', type: 'data' },
    { from: 'k8s', to: 'media', type: 'data' },
    { from: 'k8s', to: 'files', type: 'data' },
    { from: 'k8s', to: 'images', type: 'data' },
  ],
});

describe('aws: an EKS cluster’s workloads use its stores through EKS Pod Identity', () => {
  const files = terraformFiles(design);
  const main = files.find((f) => f.path === 'main.tf')!.content;

  it('gives the workloads a role only their service account on this cluster may assume', () => {
    const role = resourceBlock(main, 'aws_iam_role', 'k8s_workload');
    expect(role).toContain('Service = "pods.eks.amazonaws.com"');
    expect(role).toContain('Action = ["sts:AssumeRole", "sts:TagSession"]');
    expect(role).toContain(
      '"aws:RequestTag/eks-cluster-name"           = aws_eks_cluster.k8s.name',
    );
    expect(role).toContain('"aws:RequestTag/kubernetes-namespace"       = "shop"');
    expect(role).toContain('"aws:RequestTag/kubernetes-service-account" = "orders"');
    const association = resourceBlock(main, 'aws_eks_pod_identity_association', 'k8s_workload');
    expect(association).toContain('namespace       = "shop"');
    expect(association).toContain('service_account = "orders"');
    expect(association).toContain('role_arn        = aws_iam_role.k8s_workload.arn');
    expect(association).toContain('aws_eks_addon.k8s_pod_identity_agent');
  });

  it('grants the bucket and the database’s secret to that role, not to the nodes', () => {
    const workload = resourceBlock(main, 'aws_iam_role_policy', 'k8s_workload_data');
    expect(workload).toContain('aws_s3_bucket.media.arn');
    expect(workload).toContain('aws_db_instance.db.master_user_secret[0].secret_arn');
    const nodes = resourceBlock(main, 'aws_iam_role_policy', 'k8s_nodes_data');
    expect(nodes).not.toContain('s3:');
    expect(nodes).not.toContain('secretsmanager:');
    expect(nodes).toContain('elasticfilesystem:ClientMount');
    expect(nodes).toContain('ecr:BatchGetImage');
  });

  it('lets the nodes’ role mount the file system, as the EFS CSI driver mounts as the node', () => {
    const policy = resourceBlock(main, 'aws_efs_file_system_policy', 'files');
    expect(policy).toContain('aws_iam_role.k8s_nodes.arn');
    expect(policy).not.toContain('aws_iam_role.k8s_workload.arn');
  });

  it('tells the README which service account to run the pods under', () => {
    const readme = files.find((f) => f.path === 'README.md')!.content;
    expect(readme).toContain('## Workload identity');
    expect(readme).toContain('kubectl create serviceaccount orders --namespace shop');
  });

  it('installs one Pod Identity agent for the EFS CSI driver and the workloads', () => {
    expect(main.match(/addon_name\s+= "eks-pod-identity-agent"/g)).toHaveLength(1);
  });

  it('passes the schema check in every layout', async () => {
    expect(await checkOutput(files, sharedOrBundledSchemas())).toEqual([]);
    expect(await checkOutput(terraformFiles(design, 'modules'), sharedOrBundledSchemas())).toEqual(
      [],
    );
  });

  it('makes no workload role for a cluster whose stores are only the nodes’', () => {
    const bare = terraformFiles(
      smallDesign({
        cloud: 'aws',
        components: [
          { id: 'k8s', service: 'aws.eks', name: 'k8s', group: 'sn-0' },
          { id: 'images', service: 'aws.ecr', name: 'images' },
        ],
        connections: [
          { from: 'k8s', to: 'sn-1', type: 'placement' },
          { from: 'k8s', to: 'images', type: 'data' },
        ],
      }),
    ).find((f) => f.path === 'main.tf')!.content;
    expect(bare).not.toContain('aws_eks_pod_identity_association');
    expect(bare).not.toContain('eks-pod-identity-agent');
  });
});
