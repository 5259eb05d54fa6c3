import { beforeAll, describe, expect, it } from 'vitest';
import { useSchemaData } from '@stratum/cli/testing/fixtures';
import { smallDesign, terraformFiles } from '../../iac/testing/small-design';
import { terraformToDesign } from './import';

/**
 * A component's main resource may carry a suffix after the component's name (a Front Door
 * profile `…-orders-afdp` beside its endpoint `…-orders`, a scheduler's service account
 * `…-reconcile-sa` beside its job `…-reconcile`, a private endpoint's `…-data-files` for its
 * target `files`): the suffix is not part of the name.
 */
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

describe('Terraform import: names with a suffix after the component name', () => {
  const nameOf = (d: ReturnType<typeof readBack>, service: string) =>
    d.read.components.find((c) => c.service === service)?.name;

  it('reads a Front Door named after its endpoint, not its profile (`-afdp`)', () => {
    const d = readBack(
      smallDesign({
        cloud: 'azure',
        components: [
          { id: 'edge', service: 'azure.front-door', name: 'orders' },
          { id: 'web', service: 'azure.app-service', name: 'storefront' },
        ],
        connections: [{ from: 'edge', to: 'web', type: 'traffic' }],
      }),
    );
    expect(d.main).toContain(
      'name                = "acme-shop-${var.environment}-afd-orders-afdp"',
    );
    expect(nameOf(d, 'azure.front-door')).toBe('orders');
  });

  it('reads a scheduler named after its job, not the (shortened) service account a connection adds', () => {
    const d = readBack(
      smallDesign({
        cloud: 'gcp',
        components: [
          { id: 'nightly', service: 'gcp.cloud-scheduler', name: 'reconcile' },
          { id: 'worker', service: 'gcp.cloud-run', name: 'fulfilment' },
        ],
        connections: [{ from: 'nightly', to: 'worker', type: 'traffic' }],
      }),
    );
    // Service account ids are at most 30 characters: the name is shortened there too.
    expect(d.main).toContain('"acme-shop-${var.environment}-cron-rcncl-sa"');
    expect(d.main).toContain('"acme-shop-${var.environment}-cron-reconcile"');
    expect(nameOf(d, 'gcp.cloud-scheduler')).toBe('reconcile');
  });

  it('reads a private endpoint by the words its endpoints to two targets share', () => {
    const d = readBack(
      smallDesign({
        cloud: 'azure',
        components: [
          { id: 'files', service: 'azure.storage-account', name: 'files' },
          { id: 'vault', service: 'azure.key-vault', name: 'vault' },
          { id: 'private', service: 'azure.private-endpoint', name: 'data', group: 'sn-0' },
        ],
        connections: [
          { from: 'private', to: 'files', type: 'data' },
          { from: 'private', to: 'vault', type: 'data' },
        ],
      }),
    );
    expect(d.main).toContain('"acme-shop-${var.environment}-pep-data-files"');
    expect(d.main).toContain('"acme-shop-${var.environment}-pep-data-vault"');
    expect(nameOf(d, 'azure.private-endpoint')).toBe('data');
  });
});
