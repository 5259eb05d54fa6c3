import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { generate } from '../generate';
import type { TFormat } from '../emit/emitter';

/**
 * Child resources in Bicep and ARM: a property that names one may differ between environments
 * (Bicep has one namespace for parameters and resources), and a grant on one another module
 * holds is written in the `modules` layout too.
 */
function design(
  components: readonly Record<string, unknown>[],
  connections: readonly Record<string, unknown>[] = [],
  prod: Record<string, Record<string, unknown>> = {},
) {
  return {
    v: 2,
    name: 'children',
    provider: 'azure',
    region: 'westeurope',
    environments: [{ name: 'dev' }, { name: 'prod', overrides: prod }],
    naming: { org: 'acme', project: 'shop' },
    groups: [],
    components,
    connections,
  };
}

function files(d: Record<string, unknown>, format: TFormat, layout?: string) {
  const r = generate(d, { format, ...(layout ? { layout } : {}) });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r.files;
}

const text = (fs: readonly { path: string; content: string }[], path: string) =>
  fs.find((f) => f.path === path)?.content ?? '';

// A property that names a child, the child's symbol, and the prod value.
const CHILD_NAMES = [
  ['azure.storage-account', 'container', 'uploadsContainer'],
  ['azure.cosmos-db', 'database', 'uploadsDatabase'],
  ['azure.file-share', 'share', 'uploadsShare'],
  ['azure.service-bus-topic', 'subscription', 'uploadsSubscription'],
] as const;

describe.each(CHILD_NAMES)('%s with its %s named per environment', (service, key, symbol) => {
  const d = design([{ id: 'uploads', service, name: 'uploads' }], [], {
    uploads: { [key]: `${key}prod` },
  });

  it('gets a parameter of its own beside the child it names, in Bicep and ARM', async () => {
    const bicep = files(d, 'bicep', 'single');
    const main = text(bicep, 'main.bicep');
    expect(main).toContain(`param ${symbol}Name string`);
    expect(main).toMatch(new RegExp(`resource ${symbol} '[^']+' = \\{[^}]*name: ${symbol}Name`));
    expect(text(bicep, 'main.prod.bicepparam')).toContain(`param ${symbol}Name = '${key}prod'`);
    const arm = files(d, 'arm');
    const template = JSON.parse(text(arm, 'azuredeploy.json')) as {
      parameters: Record<string, unknown>;
    };
    expect(Object.keys(template.parameters)).toContain(`${symbol}Name`);
    expect(text(arm, 'azuredeploy.json')).toContain(`parameters('${symbol}Name')`);
    expect(
      await checkOutput([...arm, ...bicep, ...files(d, 'bicep')], sharedOrBundledSchemas()),
    ).toEqual([]);
  });

  it('still generates Terraform', () => {
    expect(files(d, 'terraform').length).toBeGreaterThan(0);
  });
});

describe('a grant on a child resource another Bicep module holds', () => {
  it.each([
    // The role assignment's scope is the secret, a child of its vault.
    ['azure.key-vault-secret', 'scope: store', 'storeVault'],
    // The principal assignments' parent is the database, a child of its cluster.
    ['azure.data-explorer', 'parent: storeDatabase', 'store'],
  ])('%s: declared existing under its parent in the app module', async (service, use, parent) => {
    const d = design(
      [
        { id: 'api', service: 'azure.function-app', name: 'api' },
        { id: 'store', service, name: 'store' },
      ],
      [{ from: 'api', to: 'store', type: 'data' }],
    );
    const out = files(d, 'bicep', 'modules');
    const app = text(out, 'modules/function.bicep');
    expect(app).toMatch(new RegExp(`resource ${parent} '[^']+' existing = \\{`));
    expect(app).toMatch(new RegExp(`existing = \\{\\n  parent: ${parent}\\n`));
    expect(app).toContain(use);
    expect(await checkOutput(out, sharedOrBundledSchemas())).toEqual([]);
  });
});
