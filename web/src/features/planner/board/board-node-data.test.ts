import { describe, expect, it, vi } from 'vitest';
import type { TArchitectureConfig } from '@stratum/core/planner/state';
import { buildFlow, mergeNodes } from './board-model';
import { BoardNodeDataStore } from './board-node-data';

const arch = (instanceType: string, name = 'web'): TArchitectureConfig =>
  ({
    name: 'shop',
    region: 'eu-west-1',
    groups: [{ id: 'net', service: 'aws.vpc', name: 'net', properties: { cidr: '10.0.0.0/16' } }],
    components: [
      { id: 'web', service: 'aws.ec2', name, group: 'net', properties: { instanceType } },
      { id: 'db', service: 'aws.rds', name: 'db', properties: {} },
    ],
    connections: [],
    positions: {},
  }) as unknown as TArchitectureConfig;

describe('board node data', () => {
  it('keeps React Flow’s node objects when only what a node draws changed, so its store is not written', () => {
    const before = buildFlow(arch('t3.micro')).nodes;
    const after = mergeNodes(before, buildFlow(arch('m7i.large')).nodes);
    expect(after.every((n, i) => n === before[i])).toBe(true);
    // A new name changes the node's accessible label: that node alone is a new object.
    const renamed = mergeNodes(before, buildFlow(arch('t3.micro', 'api')).nodes);
    expect(renamed.filter((n, i) => n !== before[i]).map((n) => n.id)).toEqual(['web']);
  });

  it('hands each node its new data, and tells subscribers only when some node’s data changed', () => {
    const store = new BoardNodeDataStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.update(buildFlow(arch('t3.micro')).nodes);
    const db = store.get('db');
    expect(listener).toHaveBeenCalledTimes(1);

    store.update(buildFlow(arch('t3.micro')).nodes);
    expect(listener).toHaveBeenCalledTimes(1);

    const issues = new Map([['web', [{ severity: 'error' as const, message: 'No subnet' }]]]);
    store.update(buildFlow(arch('t3.micro'), issues).nodes);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.get('web')?.issues.map((i) => i.message)).toEqual(['No subnet']);
    // Unchanged nodes keep their object: they do not draw again.
    expect(store.get('db')).toBe(db);
  });
});
