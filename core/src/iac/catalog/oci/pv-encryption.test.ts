import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { mainTf, resourceBlock, smallDesign } from '../../testing/small-design';

/**
 * The traffic between instances and their boot and block volumes is encrypted in transit: OCI
 * leaves it off, and encrypts only paravirtualized attachments.
 */
const design = smallDesign({
  cloud: 'oci',
  components: [
    { id: 'vm', service: 'oci.compute-instance', name: 'vm', group: 'sn-0' },
    { id: 'pool', service: 'oci.instance-pool', name: 'pool', group: 'sn-0' },
    { id: 'oke', service: 'oci.oke', name: 'oke', group: 'sn-1' },
    { id: 'vol', service: 'oci.block-volume', name: 'vol' },
  ],
  connections: [{ from: 'vm', to: 'vol', type: 'data' }],
});
const hcl = mainTf(design);

describe('oci: in-transit encryption of boot and block volumes', () => {
  it('is on for an instance booting paravirtualized, in its updatable launch options', () => {
    const vm = resourceBlock(hcl, 'oci_core_instance', 'vm');
    expect(vm).toMatch(
      /\n {2}launch_options \{\n {4}boot_volume_type\s+= "PARAVIRTUALIZED"\n {4}is_pv_encryption_in_transit_enabled = true\n {2}\}\n/,
    );
    // The top-level argument is launch-only: it would replace running instances.
    expect(vm).not.toMatch(/^ {2}is_pv_encryption_in_transit_enabled/m);
  });

  it("is on in the launch details of a pool's configuration", () => {
    const config = resourceBlock(hcl, 'oci_core_instance_configuration', 'pool');
    expect(config).toMatch(/\n {6}is_pv_encryption_in_transit_enabled\s+= true\n/);
    expect(config).toMatch(
      /\n {6}launch_options \{\n {8}boot_volume_type = "PARAVIRTUALIZED"\n {6}\}\n/,
    );
  });

  it("is on for an OKE node pool's nodes", () => {
    expect(resourceBlock(hcl, 'oci_containerengine_node_pool', 'oke')).toMatch(
      /\n {2}node_config_details \{[^]*\n {4}is_pv_encryption_in_transit_enabled\s+= true\n/,
    );
  });

  it("is on for a block volume's paravirtualized attachment", () => {
    const attachment = resourceBlock(hcl, 'oci_core_volume_attachment', 'vol');
    expect(attachment).toMatch(/\n {2}attachment_type\s+= "paravirtualized"\n/);
    expect(attachment).toMatch(/\n {2}is_pv_encryption_in_transit_enabled = true\n/);
  });

  it('leaves nothing for oci-volume-transit-encryption to report', () => {
    const r = generate(design, { format: 'terraform', layout: 'single' });
    expect(r.ok && r.policy.filter((f) => f.rule === 'oci-volume-transit-encryption')).toEqual([]);
  });
});
