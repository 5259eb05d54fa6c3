import type { TResolvedDesign } from '../../design/resolve';
import { EKS_ADMIN_POLICY, eksAdminInput } from './eks';

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
  ];
}
