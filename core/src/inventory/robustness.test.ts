import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TSourceKind } from '../contract/inventory/model';
import { buildGraph } from './graph';
import { parseSource } from './parse';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** Replace values at random places of a JSON document with values of other types. */
function mutate(doc: unknown, picks: number[], values: unknown[]): unknown {
  let counter = 0;
  const walk = (node: unknown): unknown => {
    counter += 1;
    const pick = picks.indexOf(counter % 97);
    if (pick >= 0) return values[pick % values.length];
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node === 'object' && node !== null) {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    }
    return node;
  };
  return walk(doc);
}

const files: [TSourceKind, string][] = [
  ['tfstate', 'edge-cases.tfstate'],
  ['plan', 'plan-create.json'],
  ['plan', 'plan-actions.json'],
  ['whatif', 'whatif-cli.json'],
  ['driftctl', 'driftctl.json'],
];

describe('damaged input', () => {
  it.each(files)(
    'a %s with values of the wrong type answers or refuses, never throws',
    (kind, name) => {
      const doc: unknown = JSON.parse(fixture(name));
      fc.assert(
        fc.property(
          fc.array(fc.nat(96), { minLength: 1, maxLength: 6 }),
          fc.array(
            fc.oneof(
              fc.constant(null),
              fc.integer(),
              fc.string(),
              fc.constant([]),
              fc.constant({}),
              fc.constant('module.x["a.b"]'),
            ),
            { minLength: 1, maxLength: 3 },
          ),
          (picks, values) => {
            const result = parseSource(kind, JSON.stringify(mutate(doc, picks, values)));
            if (!result.ok) {
              expect(result.message.length).toBeGreaterThan(10);
              return;
            }
            const addresses = result.value.instances.map((i) => i.address);
            expect(new Set(addresses).size).toBe(addresses.length);
            const graph = buildGraph(result.value, { idPrefix: 'x:' });
            expect(graph.edges.every((e) => e.from !== e.to)).toBe(true);
          },
        ),
        { numRuns: 150, seed: 14 },
      );
    },
  );

  it('a CSV of any text answers or refuses, never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const result = parseSource('csv', `type,name,tags\n${text}`);
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 300, seed: 14 },
    );
  });
});
