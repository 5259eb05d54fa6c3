import { describe, expect, it } from 'vitest';
import { smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * Kubelet on OKE nodes does not pull from OCI Registry as the node's instance principal: the
 * README says how to create the image pull secret and name it in pods, and what the nodes'
 * `read repos` grant is for (a credential provider this code does not install).
 */
const files = (components: Record<string, unknown>[], connections: Record<string, unknown>[]) =>
  terraformFiles(smallDesign({ cloud: 'oci', components, connections }));
const section = (f: ReturnType<typeof files>) => {
  const readme = f.find((x) => x.path === 'README.md')!.content;
  const start = readme.indexOf('## Pulling images on OKE');
  return start < 0 ? '' : readme.slice(start, readme.indexOf('\n## ', start + 1));
};
const oke = { id: 'apps', service: 'oci.oke', name: 'apps', group: 'sn-0' };
const registry = { id: 'images', service: 'oci.container-registry', name: 'images' };
const nodes = {
  id: 'nodes',
  service: 'oci.dynamic-group',
  name: 'nodes',
  properties: { members: 'instances' },
};

describe('oci: the README of an OKE cluster with a private registry', () => {
  const f = files([oke, registry, nodes], [{ from: 'nodes', to: 'images', type: 'data' }]);

  it('says how to create the pull secret and name it in pods, with outputs that exist', () => {
    const text = section(f);
    expect(text).toContain('kubectl create secret docker-registry ocir-pull');
    expect(text).toContain('--docker-server=<region-key>.ocir.io');
    expect(text).toContain("--docker-username='<tenancy namespace>/<user>'");
    expect(text).toContain("--docker-password='<auth token>'");
    expect(text).toContain('  imagePullSecrets:\n    - name: ocir-pull');
    const outputs = [...text.matchAll(/terraform output -raw (\w+)/g)].map((m) => m[1]);
    expect(outputs).toEqual(['images_repository_path']);
    const all = f.map((x) => x.content).join('\n');
    for (const name of outputs) expect(all).toContain(`output "${name}" {`);
  });

  it("says the nodes' read repos grant is not what kubelet uses", () => {
    expect(section(f)).toContain(
      '`nodes` grants the nodes `read repos` on the repositories it is connected to. Kubelet does not use that grant',
    );
  });

  it('is absent without a registry in the design', () => {
    expect(section(files([oke], []))).toBe('');
  });
});
