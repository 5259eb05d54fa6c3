import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, type ProductArea } from '@stratum/core/areas';

const changelog = readFileSync(join(import.meta.dirname, '../../../../CHANGELOG.md'), 'utf8');
const [added = '', coming = ''] = changelog.split(/^### Coming$/m);
// Widened: once every area is built, the literal types alone say none is coming.
const comingAreas = (AREAS as readonly ProductArea[]).filter((area) => area.state === 'coming');

describe('CHANGELOG.md', () => {
  it('names every coming area of the registry under "Coming"', () => {
    for (const area of comingAreas)
      expect(coming.toLowerCase()).toContain(area.label.toLowerCase());
  });

  it('announces no coming area as added', () => {
    for (const area of comingAreas) expect(added).not.toContain(`**${area.label}`);
  });
});
