import { describe, expect, it } from 'vitest';
import { mainTf, smallDesign } from '../../testing/small-design';

/** Database and cache subnet groups span two zones of the data tier, not the app tier. */
const subnet = (id: string, cidr: string, zone: string, isPublic = false) => ({
  id,
  service: 'aws.subnet',
  name: id,
  parent: 'vpc',
  properties: { cidr, zone, public: isPublic },
});

const design = smallDesign({
  cloud: 'aws',
  groups: [
    { id: 'vpc', service: 'aws.vpc', name: 'main', properties: { cidr: '10.20.0.0/16' } },
    subnet('public-a', '10.20.0.0/24', '0', true),
    subnet('public-b', '10.20.1.0/24', '1', true),
    // The app tier's second zone comes first in the design: the old choice.
    subnet('app-a', '10.20.10.0/24', '0'),
    subnet('app-b', '10.20.11.0/24', '1'),
    subnet('data-a', '10.20.20.0/24', '0'),
    subnet('data-b', '10.20.21.0/24', '1'),
  ],
  components: [
    { id: 'web', service: 'aws.autoscaling-group', name: 'web', group: 'app-a' },
    { id: 'db', service: 'aws.rds-postgresql', name: 'orders', group: 'data-a' },
    { id: 'cache', service: 'aws.elasticache', name: 'sessions', group: 'data-a' },
  ],
  connections: [
    { from: 'web', to: 'app-b', type: 'placement' },
    { from: 'web', to: 'db', type: 'data' },
  ],
});

describe('aws: data-tier subnet groups', () => {
  it.each([
    ['aws_db_subnet_group', 'db'],
    ['aws_elasticache_subnet_group', 'cache'],
  ])('%s takes its second zone from the data tier', (type, name) => {
    const group = new RegExp(`resource "${type}" "${name}" \\{[\\s\\S]*?\\n\\}`).exec(
      mainTf(design),
    )?.[0];
    expect(group).toMatch(/subnet_ids\s+= \[aws_subnet\.data_a\.id, aws_subnet\.data_b\.id\]/);
  });
});
