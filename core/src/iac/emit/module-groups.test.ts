import { describe, expect, it } from 'vitest';
import { SERVICE_KINDS } from '../types';
import { isSharedModule, moduleOfKind, stronglyConnected } from './module-groups';

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe('modules of kinds', () => {
  it('groups the kinds of each cycle, whatever order the edges come in', () => {
    // cdn -> web-app -> cdn and cdn -> function -> cdn: one cycle of three; kms -> secret -> kms
    // another; network, reached from all, and waf, reaching cdn, in none.
    const edges = {
      'web-app': ['cdn', 'network'],
      cdn: ['waf', 'function', 'web-app'],
      function: ['network', 'cdn', 'kms'],
      kms: ['secret'],
      secret: ['kms', 'network'],
      waf: [],
    };
    const expected = [['cdn', 'function', 'web-app'], ['kms', 'secret'], ['network'], ['waf']];
    expect(stronglyConnected(graph(edges))).toEqual(expected);
    const reversed = Object.fromEntries(
      Object.entries(edges)
        .reverse()
        .map(([k, v]) => [k, [...v].reverse()]),
    );
    expect(stronglyConnected(graph(reversed))).toEqual(expected);
    expect(Object.fromEntries(moduleOfKind(graph(edges)))).toEqual({
      cdn: 'cdn-and-function-and-web-app',
      function: 'cdn-and-function-and-web-app',
      'web-app': 'cdn-and-function-and-web-app',
      kms: 'kms-and-secret',
      secret: 'kms-and-secret',
      network: 'network',
      waf: 'waf',
    });
  });

  it('keeps every kind of an acyclic graph in its own module', () => {
    const moduleOf = moduleOfKind(graph({ a: ['b', 'c'], b: ['c'], c: [] }));
    expect([...moduleOf].every(([k, m]) => k === m)).toBe(true);
  });

  it('never names a shared module as a kind: no kind holds the separator', () => {
    const moduleOf = moduleOfKind(
      graph({ network: ['load-balancer'], 'load-balancer': ['network'] }),
    );
    expect(moduleOf.get('network')).toBe('load-balancer-and-network');
    expect(isSharedModule('modules/load-balancer-and-network.bicep')).toBe(true);
    expect(SERVICE_KINDS.filter((k) => isSharedModule(`modules/${k}.bicep`))).toEqual([]);
  });
});
