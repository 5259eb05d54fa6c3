import type { TResolvedDesign } from '../../design/resolve';

/**
 * README section for GKE clusters (containers.ts): how kubectl reaches the control plane. A
 * cluster without authorised networks has a private endpoint that answers its nodes' subnet
 * only, and a DNS-based endpoint where IAM decides who gets in.
 * https://cloud.google.com/kubernetes-engine/docs/concepts/network-isolation
 */
export function gkeAccessReadme(resolved: TResolvedDesign): string[] {
  const clusters = resolved.nodes.filter((n) => n.service.id === 'gcp.gke');
  if (clusters.length === 0) return [];
  const isPrivate = (n: (typeof clusters)[number]) =>
    ((n.properties['authorizedNetworks'] as readonly string[] | undefined) ?? []).length === 0;
  const dns = clusters.filter(isPrivate);
  const listed = clusters.filter((n) => !isPrivate(n));
  return [
    '## Cluster access',
    '',
    ...(dns.length > 0
      ? [
          `${dns.map((n) => `\`${n.name}\``).join(', ')}: the control plane has no public address, and its private endpoint answers the nodes' subnet only. kubectl, here and in a pipeline, goes through the cluster's DNS-based endpoint, which takes Google credentials and lets IAM decide who gets in (the permission \`container.clusters.connect\`, in Kubernetes Engine Developer and Admin); no network is opened for it:`,
          '',
          '```sh',
          `gcloud container clusters get-credentials <cluster> --region <region> --dns-endpoint`,
          'kubectl get nodes',
          '```',
          '',
        ]
      : []),
    ...(listed.length > 0
      ? [
          `${listed.map((n) => `\`${n.name}\``).join(', ')}: the control plane answers the networks in its \`authorizedNetworks\` only; from one of them, \`gcloud container clusters get-credentials <cluster> --region <region>\`.`,
          '',
        ]
      : []),
  ];
}
