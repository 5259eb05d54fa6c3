import { describe, expect, it } from 'vitest';
import { mainTf, resourceBlock, smallDesign } from '../../testing/small-design';

/**
 * The secret a broker or cache writes for its clients is a copy of a variable: deleted at once on
 * destroy. In a recovery window it kept its name, and re-creating the environment within 30 days
 * failed ("a secret with this name is already scheduled for deletion").
 */
describe('aws: client secrets of brokers and caches', () => {
  const hcl = mainTf(
    smallDesign({
      cloud: 'aws',
      components: [
        { id: 'fn', service: 'aws.lambda', name: 'fn', group: 'sn-0' },
        { id: 'broker', service: 'aws.mq-rabbitmq', name: 'events', group: 'sn-0' },
        { id: 'cache', service: 'aws.elasticache', name: 'sessions', group: 'sn-0' },
      ],
      connections: [
        { from: 'fn', to: 'broker', type: 'data' },
        { from: 'fn', to: 'cache', type: 'data' },
        { from: 'broker', to: 'sn-1', type: 'placement' },
        { from: 'cache', to: 'sn-1', type: 'placement' },
      ],
    }),
  );

  it.each(['broker_auth', 'cache_auth'])('%s is deleted without a recovery window', (local) => {
    expect(resourceBlock(hcl, 'aws_secretsmanager_secret', local)).toMatch(
      /recovery_window_in_days = 0\n/,
    );
  });
});
