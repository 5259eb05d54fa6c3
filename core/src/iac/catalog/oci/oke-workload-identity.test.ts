import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { completeDesign } from '../../design/complete';
import { parseDesign } from '../../design/parse';
import { validateDesign } from '../../design/validate';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An OKE cluster connected to a bucket, a PostgreSQL DB system whose admin password a vault keeps,
 * and a registry, with a dynamic group of the instances connected to all of them. On an enhanced
 * cluster the bucket and the password are granted to one service account of the cluster through
 * OKE workload identity, and the nodes' dynamic group keeps only the registry (kubelet's pulls):
 * granted to the nodes, every pod on every node could read them through the metadata service.
 */
const oke = (properties: Record<string, unknown> = {}) => ({
  id: 'apps',
  service: 'oci.oke',
  name: 'apps',
  group: 'sn-0',
  properties,
});
const stores = [
  { id: 'media', service: 'oci.object-storage', name: 'media' },
  { id: 'db', service: 'oci.postgresql', name: 'db', group: 'sn-1' },
  { id: 'vault', service: 'oci.vault', name: 'keys' },
  { id: 'images', service: 'oci.container-registry', name: 'images' },
  {
    id: 'nodes',
    service: 'oci.dynamic-group',
    name: 'nodes',
    properties: { members: 'instances' },
  },
];
const uses = (from: string) => ['media', 'db', 'images'].map((to) => ({ from, to, type: 'data' }));
const wiring = [{ from: 'db', to: 'vault', type: 'data' }, ...uses('nodes')];

const design = (
  cluster = oke({ workloadNamespace: 'shop', workloadServiceAccount: 'orders' }),
  extra: { components?: object[]; connections?: object[]; prod?: object } = {},
) => {
  const d = smallDesign({
    cloud: 'oci',
    components: [cluster, ...stores, ...((extra.components ?? []) as Record<string, unknown>[])],
    connections: [
      ...uses('apps'),
      ...wiring,
      ...((extra.connections ?? []) as Record<string, unknown>[]),
    ],
  });
  return extra.prod
    ? { ...d, environments: [{ name: 'dev' }, { name: 'prod', overrides: { apps: extra.prod } }] }
    : d;
};

const workload = (where: string) =>
  `where all {request.principal.type = 'workload', request.principal.namespace = 'shop', request.principal.service_account = 'orders', request.principal.cluster_id = '\${oci_containerengine_cluster.apps.id}', ${where}}`;

/** The design rule's messages about OKE clusters and dynamic groups. */
function warnings(d: Record<string, unknown>): string[] {
  const parsed = parseDesign(d);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(completeDesign(parsed.design).design)
    .filter((i) => /dynamic group|workload identity/.test(i.message))
    .map((i) => `${i.path}: ${i.message}`);
}

describe('oci: an enhanced OKE cluster’s workloads use its stores through workload identity', () => {
  const main = mainTf(design());

  it('grants the bucket and the admin password to one service account of this cluster', () => {
    const policy = resourceBlock(main, 'oci_identity_policy', 'apps_workload');
    expect(policy).toContain(
      `"Allow any-user to manage objects in compartment id \${var.compartment_ocid} ${workload("target.bucket.name = '${oci_objectstorage_bucket.media.name}'")}"`,
    );
    expect(policy).toContain(
      `"Allow any-user to read secret-bundles in compartment id \${var.compartment_ocid} ${workload("target.secret.id = '${oci_vault_secret.db_admin.id}'")}"`,
    );
    // The registry is the nodes' (kubelet pulls images), not the pods'.
    expect(policy).not.toContain('repos');
  });

  it('leaves the nodes’ dynamic group only the registry', () => {
    const nodes = resourceBlock(main, 'oci_identity_policy', 'nodes');
    expect(nodes).toContain('to read repos in compartment id');
    expect(nodes).not.toContain('manage objects');
    expect(nodes).not.toContain('secret-bundles');
    // The nodes are still members, for the registry.
    expect(resourceBlock(main, 'oci_containerengine_node_pool', 'apps')).toContain('defined_tags');
  });

  it('keeps a store in the group where a VM of the group uses it too', () => {
    const shared = mainTf(
      design(undefined, {
        components: [{ id: 'vm', service: 'oci.compute-instance', name: 'vm', group: 'sn-0' }],
        connections: [{ from: 'vm', to: 'media', type: 'data' }],
      }),
    );
    const nodes = resourceBlock(shared, 'oci_identity_policy', 'nodes');
    expect(nodes).toContain('manage objects');
    expect(nodes).not.toContain('secret-bundles');
    expect(resourceBlock(shared, 'oci_identity_policy', 'apps_workload')).toContain(
      'manage objects',
    );
  });

  it('asks for no dynamic group for the cluster’s stores, still for its registry', () => {
    const bare = smallDesign({
      cloud: 'oci',
      components: [oke(), ...stores.filter((s) => s.id !== 'nodes')],
      connections: [...uses('apps'), { from: 'db', to: 'vault', type: 'data' }],
    });
    expect(warnings(bare)).toEqual([
      expect.stringMatching(/^connections\[2\]: “apps” uses .* “images”, but no dynamic group/),
    ]);
  });

  it('tells the README which service account to run the pods under and how to sign', () => {
    const readme = terraformFiles(design()).find((f) => f.path === 'README.md')!.content;
    expect(readme).toContain('## Workload identity on OKE');
    expect(readme).toContain('`oci_identity_policy.apps_workload`');
    expect(readme).toContain('No dynamic group of the nodes grants them any more');
    expect(readme).toContain('kubectl create namespace shop');
    expect(readme).toContain('kubectl create serviceaccount orders --namespace shop');
    expect(readme).toContain(
      'oci.auth.signers.get_oke_workload_identity_resource_principal_signer()',
    );
    expect(readme).toContain('OkeWorkloadIdentityAuthenticationDetailsProvider');
  });

  it('passes the schema check in every layout', async () => {
    expect(await checkOutput(terraformFiles(design()))).toEqual([]);
    expect(await checkOutput(terraformFiles(design(), 'modules'))).toEqual([]);
  });

  it('refuses a namespace that is no Kubernetes name (it is quoted into the policy)', () => {
    expect(() => mainTf(design(oke({ workloadNamespace: "shop' or 'x" })))).toThrow(
      // Refused at the field by rule kubernetes-workload-names, before anything is built.
      /properties\.workloadNamespace: workloadNamespace .* is not a Kubernetes namespace/,
    );
  });

  it('writes no policy for a cluster whose only store is the nodes’ registry', () => {
    const bare = mainTf(
      smallDesign({
        cloud: 'oci',
        components: [oke(), stores[3]!, stores[4]!],
        connections: [
          { from: 'apps', to: 'images', type: 'data' },
          { from: 'nodes', to: 'images', type: 'data' },
        ],
      }),
    );
    expect(bare).not.toContain('apps_workload');
  });
});

describe('oci: a basic OKE cluster has no workload identity', () => {
  const basic = design(oke({ type: 'BASIC_CLUSTER' }));

  it('keeps the stores on the nodes’ dynamic group and writes no workload policy', () => {
    const main = mainTf(basic);
    expect(main).not.toContain('apps_workload');
    const nodes = resourceBlock(main, 'oci_identity_policy', 'nodes');
    expect(nodes).toContain('manage objects');
    expect(nodes).toContain('secret-bundles');
  });

  it('does the same when only one environment is basic', () => {
    const main = mainTf(design(oke(), { prod: { type: 'BASIC_CLUSTER' } }));
    expect(main).not.toContain('apps_workload');
    expect(resourceBlock(main, 'oci_identity_policy', 'nodes')).toContain('manage objects');
  });

  it('warns that every pod shares the nodes’ grants, advising an enhanced cluster', () => {
    const messages = warnings(basic);
    expect(messages).toEqual([
      expect.stringContaining(
        "“apps” is a basic OKE cluster (in at least one environment), which has no workload identity: its pods use Object Storage bucket “media” through the nodes' dynamic group",
      ),
      expect.stringContaining('set its type to ENHANCED_CLUSTER'),
    ]);
    expect(messages[1]).toContain('“db”');
    expect(warnings(design(oke(), { prod: { type: 'BASIC_CLUSTER' } }))).toHaveLength(2);
    expect(warnings(design())).toEqual([]);
  });

  it('says so in the README', () => {
    const readme = terraformFiles(basic).find((f) => f.path === 'README.md')!.content;
    expect(readme).toContain('`apps` is a basic cluster (in at least one environment)');
    expect(readme).not.toContain('kubectl create serviceaccount');
  });
});
