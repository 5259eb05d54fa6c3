import { armOfType, armPath, armHit, attr, blocks, ofType, tfHit, address, text } from '../query';
import { defineRule, type TPolicyHit } from '../types';
import { collectArmRefs, type TArmResource } from '../../ir/arm-ir';
import { collectRefs, type TTfResource } from '../../ir/terraform-ir';

/** Kubernetes control planes and the identities their workloads use. */
const AKS = 'Microsoft.ContainerService/managedClusters';
const ROLE_ASSIGNMENT = 'Microsoft.Authorization/roleAssignments';
/** AcrPull is the one role the kubelet itself needs: it pulls the node's images. */
const ACR_PULL = ['AcrPull', '7f951dda-4ed3-4680-a7ca-43fe172d538d'];

const nonEmpty = (v: unknown): boolean => v !== undefined && !(Array.isArray(v) && v.length === 0);

export const aksPrivateApi = defineRule({
  id: 'azure-aks-private-api',
  clouds: ['azure'],
  title: 'AKS API server is not open to the internet with local accounts',
  checks:
    'Local (certificate) accounts are disabled in favour of Entra ID with Azure RBAC, and the API server is either private or limited to authorised IP ranges.',
  severity: 'high',
  docs: 'https://learn.microsoft.com/azure/aks/api-server-authorized-ip-ranges',
  source: 'tfsec azure-container-limit-authorized-ips; Checkov CKV_AZURE_6, CKV_AZURE_141',
  terraform: (resources) =>
    ofType(resources, 'azurerm_kubernetes_cluster').flatMap((r): TPolicyHit[] => {
      const hits: TPolicyHit[] = [];
      if (attr(r.body, 'local_account_disabled') !== true)
        hits.push(tfHit(r, 'local accounts are enabled (set local_account_disabled = true)'));
      const isPrivate = attr(r.body, 'private_cluster_enabled') === true;
      const ranges = blocks(r.body, 'api_server_access_profile').some((b) =>
        nonEmpty(attr(b.body, 'authorized_ip_ranges')),
      );
      if (!isPrivate && !ranges)
        hits.push(tfHit(r, 'the API server is public with no authorised IP ranges'));
      return hits;
    }),
  arm: (resources) =>
    armOfType(resources, AKS).flatMap((r): TPolicyHit[] => {
      const hits: TPolicyHit[] = [];
      if (armPath(r, 'properties.disableLocalAccounts') !== true)
        hits.push(armHit(r, 'local accounts are enabled (set disableLocalAccounts: true)'));
      const isPrivate =
        armPath(r, 'properties.apiServerAccessProfile.enablePrivateCluster') === true;
      const ranges = nonEmpty(armPath(r, 'properties.apiServerAccessProfile.authorizedIPRanges'));
      if (!isPrivate && !ranges)
        hits.push(armHit(r, 'the API server is public with no authorised IP ranges'));
      return hits;
    }),
});

export const gkeAuthorizedNetworks = defineRule({
  id: 'gcp-gke-private-endpoint',
  clouds: ['gcp'],
  title: 'GKE control plane is private or limited to authorised networks',
  checks:
    'A cluster whose endpoint is public must list master authorised networks; nodes have no public addresses (private nodes).',
  severity: 'high',
  docs: 'https://cloud.google.com/kubernetes-engine/docs/how-to/authorized-networks',
  source: 'tfsec google-gke-enable-master-networks; Checkov CKV_GCP_20, CKV_GCP_25; CIS GKE 6.6.2',
  terraform: (resources) =>
    ofType(resources, 'google_container_cluster').flatMap((r): TPolicyHit[] => {
      const priv = blocks(r.body, 'private_cluster_config')[0];
      const privateEndpoint =
        priv !== undefined && attr(priv.body, 'enable_private_endpoint') === true;
      const authorised = blocks(r.body, 'master_authorized_networks_config').some(
        (b) => blocks(b.body, 'cidr_blocks').length > 0,
      );
      const hits: TPolicyHit[] = [];
      if (!privateEndpoint && !authorised)
        hits.push(tfHit(r, 'the endpoint is public and no master authorised networks are set'));
      if (priv === undefined || attr(priv.body, 'enable_private_nodes') !== true)
        hits.push(tfHit(r, 'nodes get public IP addresses (enable private nodes)'));
      return hits;
    }),
});

/** Addresses of AKS clusters with workload identity on: their pods have identities of their own. */
const tfWorkloadIdentityClusters = (resources: readonly TTfResource[]): string[] =>
  ofType(resources, 'azurerm_kubernetes_cluster')
    .filter((r) => attr(r.body, 'workload_identity_enabled') === true)
    .map(address);

const armWorkloadIdentityClusters = (resources: readonly TArmResource[]): string[] =>
  armOfType(resources, AKS)
    .filter((r) => armPath(r, 'properties.securityProfile.workloadIdentity.enabled') === true)
    .map((r) => r.symbol);

export const aksKubeletNoDataRoles = defineRule({
  id: 'azure-aks-kubelet-no-data-roles',
  clouds: ['azure'],
  title: 'Data-plane roles go to workload identities, not the AKS kubelet identity',
  checks:
    'With workload identity on, a role on data (storage, Key Vault, Service Bus…) is granted to a user-assigned identity federated with a Kubernetes service account; the kubelet identity, shared by every pod on the nodes, holds AcrPull only.',
  severity: 'high',
  docs: 'https://learn.microsoft.com/azure/aks/workload-identity-overview',
  source: 'Microsoft AKS security baseline (IM-3: managed identities per workload)',
  terraform: (resources) => {
    const clusters = new Set(tfWorkloadIdentityClusters(resources));
    return ofType(resources, 'azurerm_role_assignment')
      .filter((r) =>
        collectRefs(attr(r.body, 'principal_id')).some(
          (ref) => clusters.has(ref.address) && ref.attr.startsWith('kubelet_identity'),
        ),
      )
      .filter((r) => !ACR_PULL.includes(text(r.body, 'role_definition_name')))
      .map((r) =>
        tfHit(r, `${text(r.body, 'role_definition_name')} is granted to the kubelet identity`),
      );
  },
  arm: (resources) => {
    const clusters = new Set(armWorkloadIdentityClusters(resources));
    return armOfType(resources, ROLE_ASSIGNMENT)
      .filter((r) =>
        collectArmRefs(armPath(r, 'properties.principalId')).some(
          (ref) =>
            clusters.has(ref.symbol) &&
            ref.path.startsWith('properties.identityProfile.kubeletidentity'),
        ),
      )
      .filter(
        (r) => !JSON.stringify(armPath(r, 'properties.roleDefinitionId')).includes(ACR_PULL[1]!),
      )
      .map((r) => armHit(r, 'a data-plane role is granted to the kubelet identity'));
  },
});
