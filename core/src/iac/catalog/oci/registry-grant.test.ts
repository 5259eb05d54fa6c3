import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A dynamic group with a data connection to a registry repository may pull from that repository
 * only: `read repos` named by `target.repo.name`, not `use repos`, which also pushes ("Policies
 * to Control Repository Access", OCI Registry docs), as ECR and Artifact Registry grant pulls.
 */
const design = smallDesign({
  cloud: 'oci',
  components: [
    { id: 'app', service: 'oci.compute-instance', name: 'app', group: 'sn-0' },
    { id: 'images', service: 'oci.container-registry', name: 'images' },
    {
      id: 'identity',
      service: 'oci.dynamic-group',
      name: 'app',
      properties: { members: 'instances' },
    },
  ],
  connections: [{ from: 'identity', to: 'images', type: 'data' }],
});

describe('oci: a dynamic group connected to a registry repository', () => {
  it('may pull from that repository only', () => {
    const policy = resourceBlock(mainTf(design), 'oci_identity_policy', 'identity');
    expect(policy).toContain(
      "to read repos in compartment id ${var.compartment_ocid} where target.repo.name = '${oci_artifacts_container_repository.images.display_name}'",
    );
    expect(policy).not.toContain('use repos');
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
