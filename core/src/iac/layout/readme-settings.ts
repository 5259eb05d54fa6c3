import type { TEmitInput, TFormat } from '../emit/emitter';
import type { TNode } from '../catalog/service';
import type { TCloud } from '../types';
import { deploymentName } from './ci/pipeline';

/**
 * Where code on a virtual machine finds the stores it has data connections to (decision 0033):
 * the names a function gets as environment variables, kept where each cloud's VMs read
 * configuration and `apply` changes them in place.
 */
const VM_SETTINGS: Record<TCloud, readonly string[]> = {
  aws: [
    "In Parameter Store: one `SecureString` parameter per setting under `/config/<Name tag>/`, which only the instance's role may read. The `Name` tag is in the instance metadata:",
    '',
    '```sh',
    "TOKEN=$(curl -s -X PUT -H 'X-aws-ec2-metadata-token-ttl-seconds: 60' http://169.254.169.254/latest/api/token)",
    'NAME=$(curl -s -H "X-aws-ec2-metadata-token: $TOKEN" http://169.254.169.254/latest/meta-data/tags/instance/Name)',
    'aws ssm get-parameters-by-path --path "/config/$NAME" --with-decryption',
    '```',
  ],
  gcp: [
    'As instance metadata keys, one per setting:',
    '',
    '```sh',
    "curl -s -H 'Metadata-Flavor: Google' http://metadata.google.internal/computeMetadata/v1/instance/attributes/<SETTING>",
    '```',
  ],
  azure: [
    "In the VM's user data: a JSON object of every setting, base64-encoded:",
    '',
    '```sh',
    "curl -s -H 'Metadata: true' 'http://169.254.169.254/metadata/instance/compute/userData?api-version=2021-01-01&format=text' | base64 -d",
    '```',
  ],
  oci: [
    'As instance metadata keys, one per setting:',
    '',
    '```sh',
    "curl -s -H 'Authorization: Bearer Oracle' http://169.254.169.254/opc/v2/instance/metadata/<SETTING>",
    '```',
  ],
};

/** A setting's name as a metadata key: `ORDERS_HOST`, not Compute Engine's `ssh-keys`. */
const SETTING_KEY = /^[A-Z][A-Z0-9_]*$/;

/**
 * Whether a resource of a VM carries its settings: Parameter Store parameters, user data, or
 * metadata keys named as settings are (at any depth: an instance configuration's launch details).
 */
function carriesSettings(type: string, body: unknown): boolean {
  if (type === 'aws_ssm_parameter') return true;
  const visit = (v: unknown): boolean => {
    if (v === null || typeof v !== 'object') return false;
    if (Array.isArray(v)) return v.some(visit);
    for (const [k, x] of Object.entries(v)) {
      if (k === 'user_data' || k === 'userData') return true;
      const entries = (x as { $?: string; entries?: object } | null)?.entries;
      // In OCI metadata, `user_data` is the host firewall's cloud-init, not settings.
      if (k === 'metadata' && entries) {
        if (Object.keys(entries).some((e) => SETTING_KEY.test(e))) return true;
        continue;
      }
      if (visit(x)) return true;
    }
    return false;
  };
  return visit(body);
}

/** The model's parts that say which components are told settings. */
interface TSettingsModel {
  readonly resources: readonly { type: string; body: unknown; node: string; kind: string }[];
  readonly outputs: readonly {
    name: string;
    node: string;
    kind: string;
    value: unknown;
    type?: string;
  }[];
}

/** The components told their connection settings, by node id. */
export interface TConfigured {
  /** VMs and scaling groups. */
  readonly vms: ReadonlySet<string>;
  /** Kubernetes clusters, with the name of the output that holds their settings. */
  readonly clusters: ReadonlyMap<string, string>;
}

/** Whether an output is a cluster's settings: the one object output (Terraform or ARM) it has. */
const isClusterSettings = (o: TSettingsModel['outputs'][number]): boolean =>
  o.kind === 'kubernetes' &&
  (o.type === 'object' || (o.value as { $?: string } | null)?.$ === 'obj');

export function configuredNodes(model: TSettingsModel): TConfigured {
  const vms = new Set<string>();
  for (const r of model.resources)
    if ((r.kind === 'vm' || r.kind === 'autoscaling-group') && carriesSettings(r.type, r.body))
      vms.add(r.node);
  const clusters = new Map(model.outputs.filter(isClusterSettings).map((o) => [o.node, o.name]));
  return { vms, clusters };
}

/** The namespace a cluster's workloads run in, where the design says (their workload identity). */
const NAMESPACE_PROPERTY: Readonly<Record<string, string>> = {
  'gcp.gke': 'namespace',
  'azure.aks': 'workloadNamespace',
};

/** A ConfigMap's name: a DNS subdomain, from the cluster's name. */
const configMapName = (cluster: string): string =>
  `${cluster
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')}-settings`;

/**
 * The command that makes a cluster's settings output its workloads' ConfigMap, created or
 * updated: `--from-env-file` takes `KEY=value` lines as they are (a value may hold spaces, which
 * `--from-literal` arguments through `xargs` would split).
 */
function configMapCommand(
  input: TEmitInput,
  format: TFormat,
  cluster: TNode,
  output: string,
): string {
  const read =
    format === 'terraform'
      ? `terraform output -json ${output}`
      : `az deployment group show --resource-group "$AZURE_RESOURCE_GROUP" --name ${deploymentName(input.resolved.design.name, '<env>')} --query properties.outputs.${output}.value --output json`;
  const property = NAMESPACE_PROPERTY[cluster.service.id];
  const namespace = property ? cluster.properties[property] : undefined;
  return [
    read,
    `jq -r 'to_entries[] | "\\(.key)=\\(.value)"'`,
    `kubectl create configmap ${configMapName(cluster.name)}${typeof namespace === 'string' ? ` --namespace ${namespace}` : ''} --from-env-file=/dev/stdin --dry-run=client -o yaml`,
    'kubectl apply -f -',
  ].join(' | ');
}

function clusterSettings(input: TEmitInput, format: TFormat, configured: TConfigured): string[] {
  const clusters = input.resolved.nodes.filter((n) => configured.clusters.has(n.id));
  if (clusters.length === 0) return [];
  const where =
    format !== 'terraform'
      ? 'with `<env>` the environment'
      : input.layout === 'env-folders'
        ? "in the environment's folder `envs/<env>`"
        : "with the environment's state initialised";
  const after = format === 'terraform' ? 'apply' : 'deployment';
  return [
    `On these Kubernetes clusters, in the ConfigMap \`<cluster>-settings\`, which a pod takes whole with \`envFrom\` (\`configMapRef\`). The command below makes it from the cluster's output of the settings: run it after each ${after}, with kubectl signed in to the cluster, ${where}:`,
    '',
    ...clusters.map((n) => `- \`${n.name}\` (${n.service.name})`),
    '',
    '```sh',
    ...clusters.map((n) => configMapCommand(input, format, n, configured.clusters.get(n.id)!)),
    '```',
    '',
  ];
}

const INTRO =
  'Code finds the stores its component has data connections to under the names a function gets as environment variables (such as `ORDERS_HOST`).';

export function connectionSettings(
  input: TEmitInput,
  format: TFormat,
  configured: TConfigured,
): string[] {
  const { design, nodes } = input.resolved;
  const vms = nodes.filter((n) => configured.vms.has(n.id));
  const clusters = clusterSettings(input, format, configured);
  if (vms.length === 0 && clusters.length === 0) return [];
  if (vms.length === 0)
    return ['## Connection settings', '', `${INTRO} ${clusters[0]}`, ...clusters.slice(1)];
  return [
    '## Connection settings',
    '',
    `${INTRO} On these virtual machines:`,
    '',
    ...vms.map((n) => `- \`${n.name}\` (${n.service.name})`),
    '',
    ...VM_SETTINGS[design.provider],
    '',
    ...clusters,
  ];
}
