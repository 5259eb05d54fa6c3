import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A bastion's managed SSH session reaches its target through the Oracle Cloud Agent's Bastion
 * plugin, which platform images ship disabled; port forwarding needs no plugin.
 */
const design = smallDesign({
  cloud: 'oci',
  components: [
    { id: 'jump', service: 'oci.bastion', name: 'jump', group: 'sn-1' },
    { id: 'ops', service: 'oci.compute-instance', name: 'ops', group: 'sn-0' },
    { id: 'web', service: 'oci.instance-pool', name: 'web', group: 'sn-0' },
    { id: 'tunnel', service: 'oci.compute-instance', name: 'tunnel', group: 'sn-0' },
    { id: 'bare', service: 'oci.compute-instance', name: 'bare', group: 'sn-0' },
  ],
  connections: [
    { from: 'jump', to: 'ops', type: 'traffic' },
    { from: 'jump', to: 'web', type: 'traffic', port: 22 },
    { from: 'jump', to: 'tunnel', type: 'traffic', port: 5432 },
  ],
});
const hcl = mainTf(design);

const BASTION_PLUGIN =
  /agent_config \{\n\s+plugins_config \{\n\s+name\s+= "Bastion"\n\s+desired_state = "ENABLED"\n\s+\}\n\s+\}/;

describe('oci: the Bastion plugin of SSH targets', () => {
  it.each([
    ['an instance', 'oci_core_instance', 'ops'],
    ['the instances of a pool', 'oci_core_instance_configuration', 'web'],
  ])('is enabled on %s a bastion reaches over SSH', (_, type, name) => {
    expect(resourceBlock(hcl, type, name)).toMatch(BASTION_PLUGIN);
  });

  it.each(['tunnel', 'bare'])(
    'is left as the image has it on an instance without SSH from a bastion (%s)',
    (name) => {
      expect(resourceBlock(hcl, 'oci_core_instance', name)).not.toMatch(/agent_config/);
    },
  );

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
