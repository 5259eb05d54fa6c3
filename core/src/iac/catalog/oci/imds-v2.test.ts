import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * Instances answer only the v2 metadata endpoints (a header each request must send), so a
 * request forgery in the workload cannot read the instance principal's credentials through v1.
 */
const design = smallDesign({
  cloud: 'oci',
  components: [
    { id: 'vm', service: 'oci.compute-instance', name: 'vm', group: 'sn-0' },
    { id: 'pool', service: 'oci.instance-pool', name: 'pool', group: 'sn-0' },
    { id: 'oke', service: 'oci.oke', name: 'apps', group: 'sn-1' },
  ],
});
const hcl = mainTf(design);

describe('oci: the metadata service of instances', () => {
  it('has its legacy v1 endpoints off on an instance', () => {
    expect(resourceBlock(hcl, 'oci_core_instance', 'vm')).toContain(
      '\n  instance_options {\n    are_legacy_imds_endpoints_disabled = true\n  }\n',
    );
  });

  it('has them off on the instances a pool launches', () => {
    expect(resourceBlock(hcl, 'oci_core_instance_configuration', 'pool')).toContain(
      '\n      instance_options {\n        are_legacy_imds_endpoints_disabled = true\n      }\n',
    );
  });

  it('has them off on the nodes of an OKE node pool, which take it as node metadata', () => {
    expect(resourceBlock(hcl, 'oci_containerengine_node_pool', 'oke')).toContain(
      '\n  node_metadata = {\n    areLegacyImdsEndpointsDisabled = "true"\n  }\n',
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
