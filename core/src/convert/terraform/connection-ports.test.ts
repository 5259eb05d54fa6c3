import { describe, expect, it } from 'vitest';
import { generate } from '../../iac/generate';
import { terraformToDesign } from './import';

/** An OCI load balancer in front of an instance pool, the app listening on `port` (if any). */
const design = (port?: number) => ({
  v: 2,
  name: 'shop',
  provider: 'oci',
  region: 'uk-london-1',
  groups: [
    { id: 'vcn', service: 'oci.vcn', name: 'main', properties: { cidr: '10.60.0.0/16' } },
    {
      id: 'edge',
      service: 'oci.subnet',
      name: 'edge',
      parent: 'vcn',
      properties: { cidr: '10.60.0.0/24', public: true },
    },
    {
      id: 'app',
      service: 'oci.subnet',
      name: 'app',
      parent: 'vcn',
      properties: { cidr: '10.60.16.0/20' },
    },
  ],
  components: [
    { id: 'lb', service: 'oci.load-balancer', name: 'web', group: 'edge' },
    { id: 'web', service: 'oci.instance-pool', name: 'web', group: 'app' },
  ],
  connections: [{ from: 'lb', to: 'web', type: 'traffic', ...(port ? { port } : {}) }],
});

const terraform = (d: unknown) => {
  const r = generate(d, { format: 'terraform' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r.files.filter((f) => /\.(tf|tfvars)$/.test(f.path));
};

describe('a connection read from Terraform', () => {
  it("keeps the port a load balancer sends to, written only as a value (OCI's backend set)", () => {
    const back = terraformToDesign(terraform(design(8080))).design!;
    expect(back.connections).toContainEqual({ from: 'lb', to: 'web', type: 'traffic', port: 8080 });
    // The health check and the pool's registration probe the app's port again, not 80.
    const again = terraform(back)
      .map((f) => f.content)
      .join('\n');
    expect(again).toMatch(/port += 8080/);
    expect(again).not.toMatch(/health_checker \{[^}]*port += 80\n/);
  });

  it('adds no port where the code shows the target’s own', () => {
    const back = terraformToDesign(terraform(design())).design!;
    expect(back.connections).toContainEqual({ from: 'lb', to: 'web', type: 'traffic' });
  });
});
