import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { findService } from '../registry';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An OKE cluster's Kubernetes version is a minor: the plan takes the newest patch of it that OKE
 * offers, cluster and node pools alike, and stops, naming what OKE offers, when it offers none.
 * Saved designs with an exact version of an older catalog still generate, as its minor.
 */
const cluster = (properties: Record<string, unknown>, prod?: Record<string, unknown>) => ({
  ...smallDesign({
    cloud: 'oci',
    components: [{ id: 'k8s', service: 'oci.oke', name: 'apps', group: 'sn-0', properties }],
  }),
  environments: [{ name: 'dev' }, { name: 'prod', overrides: prod ? { k8s: prod } : {} }],
});

function generated(design: unknown) {
  const r = generate(design, { format: 'terraform', layout: 'single' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return { ...r, hcl: r.files.find((f) => f.path === 'main.tf')!.content };
}

const argument = (block: string, name: string) =>
  new RegExp(`\\n {2}${name}\\s+= (.*)\\n`).exec(block)?.[1] ?? '';

/** Versions as OKE lists them in `kubernetes_versions`: not sorted, patches past 9. */
const OFFERED = ['v1.34.1', 'v1.35.2', 'v1.36.1', 'v1.35.10', 'v1.35.0'];

/**
 * The version the generated expression gives for OKE's `offered` versions (`minor` is the
 * value of its variable, where it has one): the newest patch of the minor, or the message
 * `tobool` stops the plan with.
 */
function resolve(expression: string, offered: readonly string[], minor = ''): string {
  const text = expression
    .replaceAll('${replace(var.k8s_version, ".", "\\\\.")}', minor.replace(/\./g, '\\\\.'))
    .replaceAll('${var.k8s_version}', minor);
  const list = 'data\\.oci_containerengine_cluster_option\\.k8s\\.kubernetes_versions';
  const patches = `\\[for v in ${list} : tonumber\\(split\\("\\.", v\\)\\[2\\]\\) if can\\(regex\\(("[^"]*"), v\\)\\)\\]`;
  const m = new RegExp(
    `^length\\(${patches}\\) > 0 \\? "v([\\d.]+)\\.\\$\\{max\\(${patches}\\.\\.\\.\\)\\}" : tobool\\(format\\(("[^"]*"), join\\(", ", ${list}\\)\\)\\)$`,
  ).exec(text);
  expect(m, expression).not.toBeNull();
  const [, pattern, prefix, , message] = m!;
  const ofMinor = offered.filter((v) => new RegExp(JSON.parse(pattern!) as string).test(v));
  if (ofMinor.length > 0)
    return `v${prefix}.${Math.max(...ofMinor.map((v) => Number(v.split('.')[2])))}`;
  return (JSON.parse(message!) as string).replace('%s', offered.join(', '));
}

describe('oci: the Kubernetes version of an OKE cluster', () => {
  it('offers the minors OKE creates clusters on, 1.35 by default', () => {
    const version = findService('oci.oke')!.properties.find((p) => p.key === 'version')!;
    expect(version.allowed!.slice(0, 3)).toEqual(['1.36', '1.35', '1.34']);
    expect(version.default).toBe('1.35');
  });

  it('takes the newest patch of the minor OKE offers, at plan time', () => {
    const { hcl } = generated(cluster({}));
    const resolved = argument(
      resourceBlock(hcl, 'oci_containerengine_cluster', 'k8s'),
      'kubernetes_version',
    );
    expect(resolve(resolved, OFFERED)).toBe('v1.35.10');
    expect(resolve(resolved, ['v1.35.1', 'v1.36.1'])).toBe('v1.35.1');
    expect(hcl).toContain(
      'data "oci_containerengine_cluster_option" "k8s" {\n  cluster_option_id = "all"\n  compartment_id    = var.compartment_ocid\n}',
    );
  });

  it('stops the plan naming the versions OKE offers when it offers none of the minor', () => {
    const resolved = argument(
      resourceBlock(
        generated(cluster({ version: '1.34' })).hcl,
        'oci_containerengine_cluster',
        'k8s',
      ),
      'kubernetes_version',
    );
    expect(resolve(resolved, ['v1.35.1', 'v1.36.1'])).toBe(
      'OKE offers no Kubernetes 1.34 in this region; it offers v1.35.1, v1.36.1. Choose one of those minors (a cluster upgrades one minor at a time).',
    );
  });

  it('gives the node pool the version resolved for the cluster', () => {
    const pool = resourceBlock(generated(cluster({})).hcl, 'oci_containerengine_node_pool', 'k8s');
    expect(argument(pool, 'kubernetes_version')).toBe(
      'oci_containerengine_cluster.k8s.kubernetes_version',
    );
  });

  it('resolves a minor that differs between environments from its variable', () => {
    const { hcl, files } = generated(cluster({ version: '1.35' }, { version: '1.36' }));
    const resolved = argument(
      resourceBlock(hcl, 'oci_containerengine_cluster', 'k8s'),
      'kubernetes_version',
    );
    expect(resolve(resolved, OFFERED, '1.36')).toBe('v1.36.1');
    expect(resolve(resolved, OFFERED, '1.35')).toBe('v1.35.10');
    const prod = files.find((f) => f.path === 'env/prod.tfvars')?.content ?? '';
    expect(prod).toMatch(/k8s_version\s+= "1\.36"/);
  });

  it('generates a saved design holding an exact version as that minor, and says so', () => {
    const r = generated(cluster({ version: 'v1.32.1' }, { version: 'v1.33.1' }));
    expect(r.completions.map((c) => c.message)).toEqual([
      'Kubernetes version "v1.32.1" is no longer offered: now "1.32"',
      'Kubernetes version "v1.33.1" is no longer offered: now "1.33" (environment prod)',
    ]);
    const resolved = argument(
      resourceBlock(r.hcl, 'oci_containerengine_cluster', 'k8s'),
      'kubernetes_version',
    );
    expect(resolve(resolved, ['v1.32.1', 'v1.32.9', 'v1.33.4'], '1.32')).toBe('v1.32.9');
    expect(r.hcl).not.toContain('"v1.32.1"');
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(cluster({})))).toEqual([]);
  });
});
