import { describe, expect, it } from 'vitest';
import { mainTf, resourceBlock, smallDesign } from '../../testing/small-design';

/**
 * azurerm reads back the availability zone Azure gave a PostgreSQL flexible server but does not
 * take `zone` as computed, and refuses to change it except by swapping it with the standby's:
 * without the zone ignored, every plan after the first apply changed it and every apply failed.
 */
describe('Azure PostgreSQL flexible server zone', () => {
  it('Terraform: leaves the zone Azure chose alone', () => {
    const design = smallDesign({
      cloud: 'azure',
      components: [{ id: 'db', service: 'azure.postgresql-flexible', name: 'db', group: 'sn-1' }],
    });
    const server = resourceBlock(mainTf(design), 'azurerm_postgresql_flexible_server', 'db');
    expect(server).toMatch(/lifecycle \{\s*ignore_changes = \[zone\]\s*\}/);
  });
});
