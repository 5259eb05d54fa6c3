import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';

/** The design of issue 10: valid for every schema, yet it serves nothing once applied. */
const design = {
  v: 2,
  name: 'unreachable',
  provider: 'aws',
  region: 'eu-west-1',
  groups: [
    { id: 'vpc', service: 'aws.vpc', name: 'main' },
    {
      id: 'app-a',
      service: 'aws.subnet',
      name: 'app-a',
      parent: 'vpc',
      properties: { cidr: '10.0.1.0/24', zone: '0' },
    },
    {
      id: 'app-b',
      service: 'aws.subnet',
      name: 'app-b',
      parent: 'vpc',
      properties: { cidr: '10.0.2.0/24', zone: '1' },
    },
  ],
  components: [
    { id: 'igw', service: 'aws.internet-gateway', name: 'igw', group: 'vpc' },
    { id: 'lb', service: 'aws.alb', name: 'lb', group: 'app-a' },
    { id: 'api', service: 'aws.ecs-fargate', name: 'api', group: 'app-a' },
  ],
  connections: [
    { from: 'lb', to: 'app-b', type: 'placement' },
    { from: 'api', to: 'app-b', type: 'placement' },
    { from: 'lb', to: 'api', type: 'traffic' },
  ],
};

describe('the generation report of a design that cannot work', () => {
  it('generates, but warns with what to add instead of reporting nothing', () => {
    const r = generate(design, { format: 'terraform' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.warnings.map((w) => w.message)).toEqual([
      'load balancer faces the internet but sits in private subnet “app-a”: move it to a public subnet, or mark “app-a” public so it routes to the internet gateway',
      'load balancer faces the internet but sits in private subnet “app-b”: move it to a public subnet, or mark “app-b” public so it routes to the internet gateway',
      'add a NAT gateway to network “main”: “api” (ECS on Fargate) in private subnet “app-a” cannot pull its image',
      '“igw” (Internet gateway) has a route table associated with no subnet: add a public subnet to network “main” (or mark one public), or remove it',
    ]);
  });
});
