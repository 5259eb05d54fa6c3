import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HERO_EXAMPLE } from './hero-example';
import { buildHeroExample, HERO_SOURCE } from './hero-example-build';

const ROOT = join(import.meta.dirname, '../../../..');

describe('the landing hero', () => {
  it("shows the example's board and the Terraform the engine emits for it today", () => {
    const design = JSON.parse(readFileSync(join(ROOT, HERO_SOURCE), 'utf8')) as Parameters<
      typeof buildHeroExample
    >[0];
    // When this fails, the engine's output changed: run `npm run hero:generate` and commit.
    expect(HERO_EXAMPLE).toEqual(buildHeroExample(design));
    expect(HERO_EXAMPLE.code).toMatch(/^resource "azurerm_postgresql_flexible_server" "db" \{/);
    expect(HERO_EXAMPLE.boxes.map((b) => b.id).sort()).toEqual(
      [...design.groups, ...design.components].map((c) => c.id).sort(),
    );
  });

  it('keeps every service inside the board, and each inside its network', () => {
    for (const b of HERO_EXAMPLE.boxes) {
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.w).toBeLessThanOrEqual(HERO_EXAMPLE.width);
      expect(b.y + b.h).toBeLessThanOrEqual(HERO_EXAMPLE.height);
    }
  });
});
