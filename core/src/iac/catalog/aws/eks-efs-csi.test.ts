import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An EKS cluster connected to an EFS file system runs the EFS CSI driver, without which no
 * PersistentVolume of `efs.csi.aws.com` mounts; its controller gets its own role through EKS Pod
 * Identity. A cluster without a file system gets neither.
 */
const cluster = (withEfs: boolean) =>
  smallDesign({
    cloud: 'aws',
    components: [
      { id: 'k8s', service: 'aws.eks', name: 'k8s', group: 'sn-0' },
      ...(withEfs ? [{ id: 'shared-fs', service: 'aws.efs', name: 'shared', group: 'sn-0' }] : []),
    ],
    connections: [
      { from: 'k8s', to: 'sn-1', type: 'placement' },
      ...(withEfs ? [{ from: 'k8s', to: 'shared-fs', type: 'data' }] : []),
    ],
  });

describe('aws: the EFS CSI driver of an EKS cluster', () => {
  const hcl = mainTf(cluster(true));

  it('is installed as an add-on once the nodes, the agent and its role exist', () => {
    const addon = resourceBlock(hcl, 'aws_eks_addon', 'k8s_efs_csi');
    expect(addon).toMatch(/cluster_name = aws_eks_cluster\.k8s\.name/);
    expect(addon).toMatch(/addon_name\s+= "aws-efs-csi-driver"/);
    expect(addon).toMatch(
      /pod_identity_association \{\n\s+role_arn\s+= aws_iam_role\.k8s_efs_csi\.arn\n\s+service_account = "efs-csi-controller-sa"/,
    );
    expect(addon).toContain(
      'depends_on = [aws_eks_addon.k8s_pod_identity_agent, aws_iam_role_policy_attachment.k8s_efs_csi_1, aws_eks_node_group.k8s]',
    );
    expect(resourceBlock(hcl, 'aws_eks_addon', 'k8s_pod_identity_agent')).toMatch(
      /addon_name\s+= "eks-pod-identity-agent"/,
    );
  });

  it('gives the controller a role of its own, which only its service account on this cluster assumes', () => {
    const role = resourceBlock(hcl, 'aws_iam_role', 'k8s_efs_csi');
    expect(role).toMatch(/Service = "pods\.eks\.amazonaws\.com"/);
    expect(role).toContain('Action = ["sts:AssumeRole", "sts:TagSession"]');
    expect(role).toMatch(/"aws:RequestTag\/eks-cluster-name"\s+= aws_eks_cluster\.k8s\.name/);
    expect(role).toMatch(/"aws:RequestTag\/kubernetes-namespace"\s+= "kube-system"/);
    expect(role).toMatch(/"aws:RequestTag\/kubernetes-service-account" = "efs-csi-controller-sa"/);
    expect(resourceBlock(hcl, 'aws_iam_role_policy_attachment', 'k8s_efs_csi_1')).toContain(
      'policy_arn = "arn:aws:iam::aws:policy/service-role/AmazonEFSCSIDriverPolicy"',
    );
  });

  it('is not installed on a cluster without a file system', () => {
    const plain = mainTf(cluster(false));
    expect(plain).not.toContain('aws_eks_addon');
    expect(plain).not.toContain('efs_csi');
  });

  it('tells the README reader how to make a StorageClass that mounts with TLS and IAM', () => {
    const r = generate(cluster(true), { format: 'terraform', layout: 'single', readme: true });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const readme = r.files.find((f) => f.path === 'README.md')!.content;
    const section = readme.slice(readme.indexOf('## EFS volumes'));
    expect(section).toContain('provisioner: efs.csi.aws.com');
    expect(section).toContain('  provisioningMode: efs-ap');
    expect(section).toContain('  fileSystemId: $(terraform output -raw shared_fs_file_system_id)');
    expect(section).toMatch(/mountOptions:\n {2}- tls\n {2}- iam\n/);
    expect(hcl).toMatch(
      /output "shared_fs_file_system_id" \{[^}]*aws_efs_file_system\.shared_fs\.id/,
    );
    const plain = generate(cluster(false), { format: 'terraform', layout: 'single', readme: true });
    if (!plain.ok) throw new Error(JSON.stringify(plain.issues));
    expect(plain.files.find((f) => f.path === 'README.md')!.content).not.toContain('EFS');
  });

  it('passes the schema check, in both layouts', async () => {
    expect(await checkOutput(terraformFiles(cluster(true)), sharedOrBundledSchemas())).toEqual([]);
    expect(
      await checkOutput(terraformFiles(cluster(true), 'modules'), sharedOrBundledSchemas()),
    ).toEqual([]);
  });
});
