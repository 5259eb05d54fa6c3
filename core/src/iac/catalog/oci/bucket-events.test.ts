import { describe, expect, it } from 'vitest';
import { mainTf, resourceBlock, smallDesign } from '../../testing/small-design';

/**
 * A bucket emits its object events, which cost nothing, so that an Events rule or a Connector Hub
 * source can react to uploads: one watching a bucket without them never matches.
 */
const hcl = mainTf(
  smallDesign({
    cloud: 'oci',
    components: [
      { id: 'bus', service: 'oci.events-rule', name: 'bus' },
      { id: 'watched', service: 'oci.object-storage', name: 'watched' },
      { id: 'plain', service: 'oci.object-storage', name: 'plain' },
    ],
    connections: [{ from: 'bus', to: 'watched', type: 'data' }],
  }),
);

describe('oci: object events of buckets', () => {
  it.each(['plain', 'watched'])('are emitted by a bucket (%s)', (name) => {
    expect(resourceBlock(hcl, 'oci_objectstorage_bucket', name)).toMatch(
      /\n {2}object_events_enabled\s+= true\n/,
    );
  });
});
