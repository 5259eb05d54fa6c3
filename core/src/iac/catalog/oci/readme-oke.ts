import type { TResolvedDesign } from '../../design/resolve';

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
