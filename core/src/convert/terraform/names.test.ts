import { beforeAll, describe, expect, it } from 'vitest';
import { useSchemaData } from '@stratum/cli/testing/fixtures';
import { terraformFiles } from '../../iac/testing/small-design';
import { terraformToDesign } from './import';

/**
 * A component's main resource may carry a companion's suffix after the component's name (a
 * Front Door profile `…-orders-afdp` beside its endpoint `…-orders`, a scheduler's service
 * account `…-reconcile-sa` beside its job `…-reconcile`): the suffix is not part of the name.
 */
const design = (
  components: unknown[],
  connections: unknown[],
  provider: string,
  region: string,
) => ({
  v: 2,
  name: 'names',
  provider,
  region,
  environments: [{ name: 'dev' }, { name: 'prod' }],
  naming: { org: 'contoso', project: 'shop', pattern: '{project}-{env}-{type}-{name}' },
  tags: { owner: 'platform' },
  groups: [],
  components,
  connections,
});

/** The design read back from the engine's code, without the outputs that also name components. */
function readBack(d: unknown) {
  const files = terraformFiles(d, 'single').filter(
    (f) => /\.(tf|tfvars)$/.test(f.path) && f.path !== 'outputs.tf',
  );
  const main = files.find((f) => f.path === 'main.tf')!;
  const withoutOutputs = main.content.replace(/^output "[^"]*" \{[\s\S]*?^\}\n?/gm, '');
  return {
    main: main.content,
    read: terraformToDesign(files.map((f) => (f === main ? { ...f, content: withoutOutputs } : f)))
      .design!,
  };
}

beforeAll(() => useSchemaData(), 120_000);

describe('Terraform import: names with a companion suffix', () => {
  it('reads a Front Door named after its endpoint, not its profile (`-afdp`)', () => {
    const { main, read } = readBack(
      design(
        [
          { id: 'edge', service: 'azure.front-door', name: 'orders' },
          { id: 'web', service: 'azure.app-service', name: 'storefront' },
        ],
        [{ from: 'edge', to: 'web', type: 'traffic' }],
        'azure',
        'westeurope',
      ),
    );
    expect(main).toMatch(/name\s+= "shop-\$\{var\.environment\}-afd-orders-afdp"/);
    expect(read.components.find((c) => c.service === 'azure.front-door')?.name).toBe('orders');
  });

  it('reads a scheduler named after its job, not the service account a connection adds (`-sa`)', () => {
    const { main, read } = readBack(
      design(
        [
          { id: 'nightly', service: 'gcp.cloud-scheduler', name: 'reconcile' },
          { id: 'worker', service: 'gcp.cloud-run', name: 'fulfilment' },
        ],
        [{ from: 'nightly', to: 'worker', type: 'traffic' }],
        'gcp',
        'europe-west1',
      ),
    );
    expect(main).toMatch(/account_id\s+= "shop-\$\{var\.environment\}-cron-reconcile-sa"/);
    expect(read.components.find((c) => c.service === 'gcp.cloud-scheduler')?.name).toBe(
      'reconcile',
    );
  });
});
