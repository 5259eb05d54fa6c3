import type { TResolvedDesign } from '../../design/resolve';
import { k8sObjectName } from '../kubernetes-names';
import type { TNode } from '../service';
import { EKS_ADMIN_POLICY, eksAdminInput } from './eks';
import { nodesUse } from './iam';

/**
 * README section for EKS clusters (eks.ts): which IAM role to give and how it reaches the
 * cluster, which takes access entries only and gives the principal that applies the code none.
 * docs.aws.amazon.com/eks/latest/userguide/access-entries.html
 */
export function eksAccessReadme(resolved: TResolvedDesign): string[] {
  const clusters = resolved.nodes.filter((n) => n.service.id === 'aws.eks');
  if (clusters.length === 0) return [];
  // Unset properties are the service's defaults: no authorised networks, no public endpoint.
  const isPrivate = clusters.some(
    (n) =>
      ((n.properties['authorizedNetworks'] as readonly string[] | undefined) ?? []).length === 0 &&
      n.properties['publicEndpoint'] !== true,
  );
  const region = resolved.design.region;
  return [
    '## Cluster access',
    '',
    `EKS decides who may use kubectl from its access entries only (authentication mode \`API\`), and the principal that applies this code gets no access of its own. Give each environment the ARN of the IAM role (or user) that administers the cluster: the code gives it an access entry with *${EKS_ADMIN_POLICY}* on the whole cluster.`,
    '',
    ...clusters.map((n) => `- \`${n.name}\`: \`TF_VAR_${eksAdminInput(n.local)}\``),
    '',
    'Someone who may assume that role signs in with:',
    '',
    '```sh',
    ...clusters.flatMap((n) => [
      `aws eks update-kubeconfig --region ${region} --name "$(terraform output -raw ${n.local}_cluster_name)" --role-arn "$TF_VAR_${eksAdminInput(n.local)}"`,
    ]),
    'kubectl get nodes',
    '```',
    '',
    ...(isPrivate
      ? [
          "A cluster without `authorizedNetworks` has a private API endpoint: run kubectl from the cluster's VPC (an instance there, or a network connected to it through a VPN).",
          '',
        ]
      : []),
    'Give other people narrower access the same way: an access entry with *AmazonEKSEditPolicy* or *AmazonEKSViewPolicy*, on the cluster or on some namespaces.',
    '',
    ...workloadRoleReadme(resolved, clusters),
    ...efsVolumesReadme(resolved, clusters),
  ];
}

/**
 * Which pods may use the stores a cluster is connected to: those of one service account, which
 * EKS Pod Identity gives the cluster's workload role (eks.ts); the node role holds no access to
 * them. https://docs.aws.amazon.com/eks/latest/userguide/pod-identities.html
 */
function workloadRoleReadme(resolved: TResolvedDesign, clusters: readonly TNode[]): string[] {
  const using = clusters.filter((k) =>
    resolved.design.connections.some((c) => {
      const store = c.from === k.id && c.type === 'data' ? resolved.byId.get(c.to) : undefined;
      return store !== undefined && !nodesUse(store);
    }),
  );
  if (using.length === 0) return [];
  const setting = (k: TNode, key: string, fallback: string) =>
    String(k.properties[key] ?? fallback);
  return [
    '## Workload identity',
    '',
    "The stores a cluster is connected to are granted to an IAM role of its workloads (`terraform output` names it below), which EKS Pod Identity gives the pods of one service account only; the nodes' role holds no access to them, so no other pod can use them. Create the service account and run the pods that use the stores under it; the AWS SDKs find the role's credentials by themselves:",
    '',
    '```sh',
    ...using.flatMap((k) => {
      const namespace = setting(k, 'workloadNamespace', 'default');
      const account = setting(k, 'workloadServiceAccount', 'workload');
      return [
        `# ${k.name} (role: terraform output -raw ${k.local}_workload_role_arn): pods with serviceAccountName: ${account} in namespace ${namespace}`,
        `kubectl create serviceaccount ${account} --namespace ${namespace}`,
      ];
    }),
    '```',
    '',
  ];
}

/**
 * How pods use the EFS file systems a cluster connects to: the EFS CSI driver (eks.ts) is
 * installed, and a StorageClass gives each claim an access point. The file system policy admits
 * IAM-authorised TLS clients only, so volumes mount with `tls` and `iam` or are refused.
 * docs.aws.amazon.com/eks/latest/userguide/efs-csi.html
 */
function efsVolumesReadme(resolved: TResolvedDesign, clusters: readonly TNode[]): string[] {
  const pairs = clusters.flatMap((k) =>
    resolved.design.connections.flatMap((c) => {
      const fs = c.from === k.id && c.type === 'data' ? resolved.byId.get(c.to) : undefined;
      return fs?.service.id === 'aws.efs' ? [{ cluster: k, fs }] : [];
    }),
  );
  if (pairs.length === 0) return [];
  return [
    '## EFS volumes',
    '',
    "A cluster connected to an EFS file system runs the EFS CSI driver (add-on `aws-efs-csi-driver`). The file system's policy admits TLS clients that sign in with IAM only, the nodes' role among them: a volume mounts with the options `tls` and `iam`, or is refused. With kubectl signed in to the cluster, create a StorageClass that gives each PersistentVolumeClaim an access point of its own:",
    '',
    ...pairs.flatMap(({ cluster, fs }) => [
      `\`${fs.name}\` on \`${cluster.name}\`:`,
      '',
      '```sh',
      'kubectl apply -f - <<EOF',
      'apiVersion: storage.k8s.io/v1',
      'kind: StorageClass',
      'metadata:',
      `  name: efs-${k8sObjectName(fs.id)}`,
      'provisioner: efs.csi.aws.com',
      'parameters:',
      '  provisioningMode: efs-ap',
      `  fileSystemId: $(terraform output -raw ${fs.local}_file_system_id)`,
      '  directoryPerms: "700"',
      'mountOptions:',
      '  - tls',
      '  - iam',
      'EOF',
      '```',
      '',
    ]),
    'A claim names it in `storageClassName` and asks for `ReadWriteMany`; the size it requests is not enforced (EFS grows as files are written).',
    '',
  ];
}
