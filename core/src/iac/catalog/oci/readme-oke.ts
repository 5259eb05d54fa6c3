import type { TResolvedDesign } from '../../design/resolve';
import type { TNode } from '../service';
import { LB_ANNOTATIONS_OUTPUT } from './oke-load-balancers';
import { isWorkloadKind, OCI_GRANTS } from './grants';
import { VAULT_PASSWORD_DATABASES } from './shared';
import { hasWorkloadIdentity } from './oke-workload-identity';

/**
 * README section for OKE clusters that run images from the design's private OCIR repositories.
 * Kubelet pulls as the node's container runtime, not as the node's instance principal, so the
 * `read repos` grant a dynamic group of the nodes gets does not let it pull: a pod needs an image
 * pull secret holding an auth token ("Pulling Images from Registry during Deployment", OKE docs),
 * unless a kubelet image credential provider that signs in as the instance principal is installed
 * on the nodes, which no stack here does.
 */
export function okeImagePullReadme(resolved: TResolvedDesign): string[] {
  const clusters = resolved.nodes.filter((n) => n.service.id === 'oci.oke');
  const registries = resolved.nodes.filter((n) => n.service.id === 'oci.container-registry');
  if (clusters.length === 0 || registries.length === 0) return [];
  const granted = resolved.nodes.filter(
    (n) =>
      n.service.id === 'oci.dynamic-group' &&
      String(n.properties['members'] ?? 'instances') === 'instances' &&
      resolved.design.connections.some(
        (c) => c.from === n.id && c.type === 'data' && registries.some((r) => r.id === c.to),
      ),
  );
  return [
    '## Pulling images on OKE',
    '',
    `The repositories are private. Kubelet on the nodes of ${clusters.map((n) => `\`${n.name}\``).join(', ')} does not sign in to OCI Registry as the node's instance principal, so pods pull with an image pull secret: an auth token of a user whose group may \`read repos\` (Identity, "Managing User Credentials"). Each repository's path is \`<tenancy namespace>/<repository>\`:`,
    '',
    ...registries.map(
      (n) => `- \`${n.name}\`: \`terraform output -raw ${n.local}_repository_path\``,
    ),
    '',
    `Create the secret in each namespace that runs such pods. \`<region-key>\` is the key of region \`${resolved.design.region}\` (OCI's "Regions and Availability Domains"); the user name is prefixed with the tenancy namespace (the path's first part), and for a user of an identity domain other than Default with the domain's name (\`<tenancy namespace>/<domain>/<user>\`):`,
    '',
    '```sh',
    'kubectl create secret docker-registry ocir-pull \\',
    '  --namespace <namespace> \\',
    '  --docker-server=<region-key>.ocir.io \\',
    "  --docker-username='<tenancy namespace>/<user>' \\",
    "  --docker-password='<auth token>'",
    '```',
    '',
    'Name it in the pods that pull from these repositories (or in their service account):',
    '',
    '```yaml',
    'spec:',
    '  imagePullSecrets:',
    '    - name: ocir-pull',
    '  containers:',
    '    - name: app',
    '      image: <region-key>.ocir.io/<tenancy namespace>/<repository>:<tag>',
    '```',
    '',
    ...(granted.length > 0
      ? [
          `${granted.map((n) => `\`${n.name}\``).join(', ')} grants the nodes \`read repos\` on the repositories it is connected to. Kubelet does not use that grant: it is what a kubelet image credential provider for OCIR that signs in as the instance principal needs (Oracle publishes one, oke-credential-provider-for-ocir), or code on the nodes calling the Registry API. This code installs no such provider; with one installed on the nodes, pods need no pull secret.`,
          '',
        ]
      : []),
  ];
}

/**
 * README section for OKE clusters: the annotations with which a Service of type LoadBalancer keeps
 * its security rules in NSGs, out of the security lists this code owns (oke-load-balancers.ts).
 */
export function okeLoadBalancerReadme(resolved: TResolvedDesign): string[] {
  const clusters = resolved.nodes.filter((n) => n.service.id === 'oci.oke');
  if (clusters.length === 0) return [];
  return [
    '## Services of type LoadBalancer on OKE',
    '',
    `Kubernetes creates an OCI load balancer for each Service of type LoadBalancer on ${clusters.map((n) => `\`${n.name}\``).join(', ')}. Without annotations its cloud controller manager writes the load balancer's rules into the security lists of the subnets ("SL-All", the default for load balancers). Terraform owns those lists: the next \`terraform apply\` removes the rules, and the load balancer stops receiving traffic. Annotate each such Service so the controller keeps the rules in network security groups instead ("NSG", which Oracle recommends): it creates a frontend NSG for the load balancer and adds the node-port and health-check rules to the nodes' NSG, whose own rules Terraform manages one by one, leaving the controller's alone. The policy ${clusters.map((n) => `\`oci_identity_policy.${n.local}_load_balancers\``).join(', ')} lets the clusters of the compartment manage those NSGs.`,
    '',
    "Take the annotations, with their OCIDs, from the cluster's output (with the environment's state initialised) and paste them under the Service's `metadata.annotations`:",
    '',
    ...clusters.map(
      (n) => `- \`${n.name}\`: \`terraform output -raw ${n.local}_${LB_ANNOTATIONS_OUTPUT}\``,
    ),
    '',
    '```yaml',
    'apiVersion: v1',
    'kind: Service',
    'metadata:',
    '  name: ingress',
    '  annotations:',
    '    oci.oraclecloud.com/security-rule-management-mode: "NSG"',
    '    oci.oraclecloud.com/oci-backend-network-security-group: "<OCID of the nodes\' NSG>"',
    '    service.beta.kubernetes.io/oci-load-balancer-subnet1: "<OCID of the subnet>"',
    'spec:',
    '  type: LoadBalancer',
    '```',
    '',
    "The frontend NSG admits `loadBalancerSourceRanges` (or 0.0.0.0/0) on the Service's ports; the controller removes it and its rules with the Service.",
    '',
  ];
}

/**
 * README section for OKE clusters with stores: which service account the pods that use them run
 * under (oke-workload-identity.ts), and that the OCI SDKs must sign as that workload ("Granting
 * Workloads Access to OCI Resources", OKE docs); a basic cluster's pods use the nodes' grants.
 */
export function okeWorkloadIdentityReadme(resolved: TResolvedDesign): string[] {
  const storesOf = (k: TNode) =>
    resolved.design.connections
      .filter((c) => c.from === k.id && c.type === 'data')
      .map((c) => resolved.byId.get(c.to))
      .filter(
        (s): s is TNode =>
          s !== undefined &&
          isWorkloadKind(s.service.kind) &&
          (OCI_GRANTS[s.service.kind] !== undefined ||
            (VAULT_PASSWORD_DATABASES.has(s.service.id) &&
              resolved.design.connections.some(
                (v) =>
                  v.from === s.id &&
                  v.type === 'data' &&
                  resolved.byId.get(v.to)?.service.id === 'oci.vault',
              ))),
      );
  const clusters = resolved.nodes.filter(
    (n) => n.service.id === 'oci.oke' && storesOf(n).length > 0,
  );
  if (clusters.length === 0) return [];
  const enhanced = clusters.filter(hasWorkloadIdentity);
  const basic = clusters.filter((k) => !hasWorkloadIdentity(k));
  const setting = (k: TNode, key: string, fallback: string) =>
    String(k.properties[key] ?? fallback);
  const list = (ks: readonly TNode[]) => ks.map((k) => `\`${k.name}\``).join(', ');
  return [
    '## Workload identity on OKE',
    '',
    ...(enhanced.length > 0
      ? [
          `The stores ${list(enhanced)} ${enhanced.length > 1 ? 'are' : 'is'} connected to are granted to the pods of one Kubernetes service account of that cluster (OKE workload identity), by the policy ${enhanced.map((k) => `\`oci_identity_policy.${k.local}_workload\``).join(', ')}. No dynamic group of the nodes grants them any more, so no other pod can use them (unless a VM or an instance pool the same group matches uses the same store: the group keeps granting it, to every node too). Create the service account and run the pods that use the stores under it (\`serviceAccountName\`, with its token mounted, the default):`,
          '',
          '```sh',
          ...enhanced.flatMap((k) => {
            const namespace = setting(k, 'workloadNamespace', 'default');
            const account = setting(k, 'workloadServiceAccount', 'workload');
            return [
              `# ${k.name}: pods with serviceAccountName: ${account} in namespace ${namespace}`,
              ...(namespace === 'default' ? [] : [`kubectl create namespace ${namespace}`]),
              `kubectl create serviceaccount ${account} --namespace ${namespace}`,
            ];
          }),
          '```',
          '',
          'The OCI SDKs do not take this identity by themselves: build the clients with the OKE workload identity provider, `oci.auth.signers.get_oke_workload_identity_resource_principal_signer()` in Python, `OkeWorkloadIdentityAuthenticationDetailsProvider` in Java (the other SDKs name theirs alike). The instance principal provider signs as the node, which is refused.',
          '',
        ]
      : []),
    ...(basic.length > 0
      ? [
          `${list(basic)} ${basic.length > 1 ? 'are basic clusters' : 'is a basic cluster'} (in at least one environment), which cannot use workload identity: ${basic.length > 1 ? 'their' : 'its'} pods use the stores through the nodes' dynamic group, with the instance principal provider, and so can every pod on the nodes. Set \`type\` to ENHANCED_CLUSTER to give them to one service account only.`,
          '',
        ]
      : []),
  ];
}
