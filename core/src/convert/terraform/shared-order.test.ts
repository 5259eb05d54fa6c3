import { beforeAll, describe, expect, it } from 'vitest';
import { useSchemaData } from '@stratum/cli/testing/fixtures';
import { smallDesign, terraformFiles } from '../../iac/testing/small-design';
import { terraformToDesign } from './import';

/**
 * Cloud SQL and Memorystore in one network share one private services access range, named after
 * the first of them in the design. The `modules` layout lists the modules alphabetically
 * (`cache` before `postgresql`): read back, the one the range is named after comes first again.
 */
const design = smallDesign({
  cloud: 'gcp',
  components: [
    { id: 'db', service: 'gcp.cloud-sql-postgres', name: 'shop', group: 'sn-0' },
    { id: 'cache', service: 'gcp.memorystore-redis', name: 'sessions', group: 'sn-0' },
  ],
});
const RANGE = '"acme-shop-${var.environment}-sql-shop-psa"';

beforeAll(() => useSchemaData(), 120_000);

describe('Terraform import: the order of components sharing a resource', () => {
  it('puts the component a shared resource is named after first, so it keeps that name', () => {
    const files = terraformFiles(design, 'modules').filter((f) => /\.(tf|tfvars)$/.test(f.path));
    const code = files.map((f) => f.content).join('\n');
    expect(code).toContain(RANGE);
    expect(code.indexOf('module "cache"')).toBeLessThan(code.indexOf('module "postgresql"'));
    const read = terraformToDesign(files).design!;
    expect(read.components.map((c) => c.id)).toEqual(['db', 'cache']);
    const again = terraformFiles(read, 'single').find((f) => f.path === 'main.tf')!.content;
    expect(again).toContain(RANGE);
  });
});
