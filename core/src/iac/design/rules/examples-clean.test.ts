import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';

const dir = join(__dirname, '../../../../../examples');
const examples = readdirSync(dir).filter((f) => f.endsWith('.json'));

/** The examples are what users copy: nothing the cloud refuses, nothing an architect would add. */
describe('examples', () => {
  it.each(examples)('%s has no finding', (file) => {
    const parsed = parseDesign(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    expect(parsed.ok ? [] : parsed.issues).toEqual([]);
    if (!parsed.ok) return;
    expect(validateDesign(completeDesign(parsed.design).design)).toEqual([]);
  });
});
