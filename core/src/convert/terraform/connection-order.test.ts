import { describe, expect, it } from 'vitest';
import { findService } from '../../iac/catalog/registry';
import { localName } from '../../iac/design/resolve';
import { ZDesignV2 } from '../../iac/design/schema-v2';
import { orderAsWritten } from './connection-order';
import type { TConnectable, TConnectionChoice } from './connections';
import { builtView } from './probe';
import { buildDesign } from './probe-design';

const REGION = 'uk-london-1';

/** An OCI dynamic group granted a queue and a bucket, its connections in the order given. */
function workers(order: readonly string[]) {
  const connections = order.map((to) => ({ from: 'workers', to, type: 'data' as const }));
  const components = [
    { id: 'workers', service: 'oci.dynamic-group', name: 'workers' },
    { id: 'jobs', service: 'oci.queue', name: 'jobs' },
    { id: 'curated', service: 'oci.object-storage', name: 'curated' },
  ];
  const design = ZDesignV2.parse({
    v: 2,
    name: 'lake',
    provider: 'oci',
    region: REGION,
    environments: [{ name: 'dev' }],
    components: components.map((c) => ({ ...c, properties: {} })),
    connections,
  });
  const built = buildDesign(design)!;
  // The components as the importer sees them: the views of what the engine wrote.
  const read: TConnectable[] = components.map((c) => ({
    id: c.id,
    local: localName(c.id),
    service: findService(c.service)!,
    view: builtView(built, c.id),
    name: c.name,
    properties: {},
    placed: false,
  }));
  const statements = built.resources.find((r) => r.type === 'oci_identity_policy');
  return { connections, read, statements: JSON.stringify(statements?.body['statements']) };
}

const targets = (cs: readonly TConnectionChoice[]) => cs.map((c) => c.to);

describe('connections read back in the order the engine wrote them', () => {
  it('orders a dynamic group’s grants as its policy’s statements are', () => {
    for (const order of [
      ['jobs', 'curated'],
      ['curated', 'jobs'],
    ]) {
      const { connections, read, statements } = workers(order);
      // The policy lists the queue's statement first exactly when its connection comes first.
      expect(statements.indexOf('queues') < statements.indexOf('objects')).toBe(
        order[0] === 'jobs',
      );
      // Found in the other order (the bucket by its reference, the queue as a grant after it).
      const found = [...connections].reverse();
      expect(targets(orderAsWritten(found, read, REGION))).toEqual(order);
      expect(targets(orderAsWritten(connections, read, REGION))).toEqual(order);
    }
  });
});
