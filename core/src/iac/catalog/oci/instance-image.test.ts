import { describe, expect, it } from 'vitest';
import { mainTf, resourceBlock, smallDesign } from '../../testing/small-design';

/**
 * An instance's image is looked up (the newest platform image of its OS and shape), and OCI
 * applies a changed `source_details.source_id` in place by replacing the boot volume: a plan
 * after Oracle's next image release must not reimage a running instance.
 */
const design = smallDesign({
  cloud: 'oci',
  components: [{ id: 'app', service: 'oci.compute-instance', name: 'app', group: 'sn-0' }],
});

describe('oci: the image of a running instance', () => {
  const vm = resourceBlock(mainTf(design), 'oci_core_instance', 'app');

  it('is looked up at launch', () => {
    expect(vm).toMatch(/source_id\s+= data\.oci_core_images\.app\.images\[0\]\.id/);
  });

  it('is kept when a newer image is published, beside the first boot user data', () => {
    const ignored = /ignore_changes = \[(.*)\]/.exec(vm)?.[1];
    expect(ignored?.split(', ')).toEqual(['metadata["user_data"]', 'source_details[0].source_id']);
  });
});
