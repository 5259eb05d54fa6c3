import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An OKE node pool's image is chosen by source name, for its Kubernetes version and its shape's
 * architecture: the node pool options list x86-64, aarch64 and GPU images in no set order.
 */
const cluster = (properties: Record<string, unknown>, prod?: Record<string, unknown>) => {
  const design = smallDesign({
    cloud: 'oci',
    components: [{ id: 'k8s', service: 'oci.oke', name: 'apps', group: 'sn-0', properties }],
  });
  const environments = [{ name: 'dev' }, { name: 'prod', overrides: prod ? { k8s: prod } : {} }];
  return { ...design, environments };
};

const imageOf = (hcl: string) =>
  /image_id\s+= (.*)\n/.exec(resourceBlock(hcl, 'oci_containerengine_node_pool', 'k8s'))?.[1] ?? '';

/** Source names as the node pool options give them (OKE "Supported Images"), in their order. */
const SOURCES = [
  ['Oracle-Linux-8.10-Gen2-GPU-2025.06.17-0-OKE-1.32.1-1070', 'gpu'],
  ['Oracle-Linux-8.10-aarch64-2025.06.17-0-OKE-1.32.1-1070', 'arm'],
  ['Oracle-Linux-8.10-2025.06.17-0-OKE-1.31.1-1070', 'x86-1.31'],
  ['Oracle-Linux-8.10-2025.06.17-0-OKE-1.32.10-1070', 'x86-1.32.10'],
  ['Oracle-Linux-8.10-2025.06.17-0-OKE-1.32.1-1070', 'x86'],
] as const;

/** The cluster's version in the image's pattern, as the plan resolved it (oke-version.ts). */
const CLUSTER_VERSION =
  '${replace(trimprefix(oci_containerengine_cluster.k8s.kubernetes_version, "v"), ".", "\\\\.")}';

/**
 * The images the generated `[for s in … : s.image_id if …]` keeps, its clauses
 * (`length(regexall("<re>", s.source_name)) > 0` or `== 0`) applied to SOURCES, for a cluster
 * the plan put on `version`.
 */
function picked(expression: string, version = 'v1.32.1'): string[] {
  expect(expression).toContain(CLUSTER_VERSION);
  const resolved = expression.replace(
    CLUSTER_VERSION,
    version.replace(/^v/, '').replace(/\./g, '\\\\.'),
  );
  const clauses = [
    ...resolved.matchAll(/length\(regexall\(("(?:[^"\\]|\\.)*"), s\.source_name\)\) (>|==) 0/g),
  ].map(([, re, op]) => ({ re: new RegExp(JSON.parse(re!) as string), has: op === '>' }));
  expect(clauses.length).toBeGreaterThan(1);
  return SOURCES.filter(([name]) => clauses.every((c) => c.re.test(name) === c.has)).map(
    ([, id]) => id,
  );
}

describe('oci: the image of an OKE node pool', () => {
  it('takes an x86-64 image of its Kubernetes version for an x86 shape, not the first listed', () => {
    const image = imageOf(mainTf(cluster({ nodeShape: 'VM.Standard.E5.Flex' })));
    expect(image).toMatch(
      /^\[for s in data\.oci_containerengine_node_pool_option\.k8s\.sources : s\.image_id if .+\]\[0\]$/,
    );
    expect(picked(image)).toEqual(['x86']);
  });

  it('takes an aarch64 image for an Arm shape', () => {
    const image = imageOf(mainTf(cluster({ nodeShape: 'VM.Standard.A1.Flex' })));
    expect(picked(image)).toEqual(['arm']);
  });

  it('compares the architecture in HCL when environments use shapes of both', () => {
    const hcl = mainTf(
      cluster({ nodeShape: 'VM.Standard.A1.Flex' }, { nodeShape: 'VM.Standard.E5.Flex' }),
    );
    const image = imageOf(hcl);
    expect(image).toContain(
      '(length(regexall("aarch64", s.source_name)) > 0) == (length(regexall("\\\\.A[0-9]+\\\\.", var.k8s_node_shape)) > 0)',
    );
    expect(resourceBlock(hcl, 'oci_containerengine_node_pool', 'k8s')).toMatch(
      /node_shape\s+= var\.k8s_node_shape\n/,
    );
  });

  it('follows the version the plan resolved for the cluster, not the first patch listed', () => {
    const image = imageOf(mainTf(cluster({ version: '1.32' }, { version: '1.31' })));
    expect(picked(image, 'v1.32.10')).toEqual(['x86-1.32.10']);
    expect(picked(image, 'v1.31.1')).toEqual(['x86-1.31']);
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(cluster({})))).toEqual([]);
  });
});
