import type { TResolvedDesign } from '../../design/resolve';

/**
 * README section for AKS clusters (aks.ts): which group to give and how its members reach
 * the cluster, which takes Entra ID sign-in only and lets Azure RBAC decide.
 * learn.microsoft.com/azure/aks/manage-azure-rbac
 */
export function aksAccessReadme(
  resolved: TResolvedDesign,
  format: 'terraform' | 'bicep' | 'arm',
): string[] {
  const clusters = resolved.nodes.filter((n) => n.service.id === 'azure.aks');
  if (clusters.length === 0) return [];
  const input = (local: string) =>
    format === 'terraform'
      ? `TF_VAR_${local}_admin_group_id`
      : `${local.toUpperCase()}_ADMIN_GROUP_ID`;
  const isPrivate = clusters.some(
    (n) => (n.properties['authorizedIpRanges'] as readonly string[] | undefined)?.length === 0,
  );
  return [
    '## Cluster access',
    '',
    `AKS accepts Microsoft Entra ID sign-in only (local accounts are off) and Azure RBAC decides what each principal may do in Kubernetes, so nobody can use kubectl until a role is assigned. Give each environment the object id of the Entra group whose members administer the cluster (\`az ad group show --group "<group>" --query id -o tsv\`): the code assigns it *Azure Kubernetes Service RBAC Cluster Admin* and *Azure Kubernetes Service Cluster User Role* on the cluster.`,
    '',
    ...clusters.map((n) => `- \`${n.name}\`: \`${input(n.local)}\``),
    '',
    'A member signs in with (role assignments take up to five minutes to apply):',
    '',
    '```sh',
    'az aks get-credentials --resource-group <resource group> --name <cluster>',
    'kubelogin convert-kubeconfig -l azurecli',
    'kubectl get nodes',
    '```',
    '',
    ...(isPrivate
      ? [
          "A cluster without `authorizedIpRanges` has a private API server: run kubectl from the cluster's network, or through `az aks command invoke --resource-group <resource group> --name <cluster> --command 'kubectl get nodes'`.",
          '',
        ]
      : []),
    'Give other people narrower roles the same way (*Azure Kubernetes Service RBAC Reader* or *Writer*, on the cluster or one namespace).',
    '',
  ];
}
