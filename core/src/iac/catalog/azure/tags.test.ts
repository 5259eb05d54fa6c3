import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  exampleFiles,
  readExample,
  schemaSource,
  useSchemaData,
} from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { randomDesign } from '../../testing/random-design';

/**
 * azurerm has no provider-level default tags, so every resource whose schema takes `tags`
 * must carry the design's tags itself (as Bicep and ARM output and the other clouds do).
 */
beforeAll(() => {
  // Generic components carry tags where their type's schema has them: give the engine the data.
  useSchemaData();
  schemaSource().lookup('azurerm_resource_group', false);
}, 120_000);

function untagged(design: unknown): string[] {
  const r = generate(design, { format: 'terraform', layout: 'single' });
  if (!r.ok) return [];
  const out: string[] = [];
  for (const f of r.files.filter((x) => x.path.endsWith('.tf'))) {
    for (const m of f.content.matchAll(/^resource "(azurerm_\w+)" "(\w+)" \{\n([\s\S]*?)^\}/gm)) {
      const schema = schemaSource().lookup(m[1]!, false);
      if (schema && 'tags' in schema.a && !/^ {2}tags\s+= /m.test(m[3]!))
        out.push(`${m[1]!}.${m[2]!}`);
    }
  }
  return out;
}

describe('azure terraform: tags on every taggable resource', () => {
  it.each(exampleFiles().filter((f) => f.startsWith('azure')))('%s', (file) => {
    expect(untagged(readExample(file))).toEqual([]);
  });

  it('random designs over every Azure service', () => {
    const designs = fc.sample(randomDesign('azure'), { numRuns: 80, seed: 7 });
    expect(designs.flatMap((d) => untagged({ ...d, layout: { terraform: 'single' } }))).toEqual([]);
  }, 60_000);
});
