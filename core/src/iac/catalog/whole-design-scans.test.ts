import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A builder runs once per node: a scan of every node inside it makes a design of n such nodes
 * cost n² (five were found, 2026-12-01, in designs of a few thousand components). What a builder
 * needs of the whole design is found once per design with `perDesign` (per-design.ts), whose
 * callback is handed the nodes; `ctx.nodes()` is left to the scans listed here, each with why it
 * is not per node.
 */
const ALLOWED: Readonly<Record<string, { count: number; why: string }>> = {
  'oci/access.ts': {
    count: 1,
    why: 'an Object Storage private endpoint with no bucket connected serves every bucket, which its rules list',
  },
  'oci/dynamic-group.ts': {
    count: 2,
    why: 'a dynamic group of instances lists every instance of the design in its matching rule',
  },
};

const catalog = __dirname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('builders and whole-design scans', () => {
  it('scan the design once per design, not once per node', () => {
    const found: Record<string, number> = {};
    for (const file of sources(catalog)) {
      if (file.endsWith('per-design.ts')) continue;
      const count = readFileSync(file, 'utf8').match(/\.nodes\(\)/g)?.length ?? 0;
      if (count > 0) found[relative(catalog, file)] = count;
    }
    const expected = Object.fromEntries(Object.entries(ALLOWED).map(([f, a]) => [f, a.count]));
    // A new scan: use perDesign; a scan that is not per node: list it above with why.
    expect(found).toEqual(expected);
  });
});
