import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { checkArmBodies, type TTypeGraphs } from '@stratum/cli/checks/arm-body-check';
import { sharedSchemaDir } from '@stratum/cli/checks/shared-schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  REPO_ROOT,
  checkOutput,
  loadSchemaFile,
  useSchemaData,
} from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { randomArmComponents } from '../../testing/random-generic';
import type { TArmSchemaFile } from './schema-data';

/** Random ARM resource components (types with a type graph) give Bicep and ARM that check. */
beforeAll(() => useSchemaData());

const RUNS = Number(process.env['STRATUM_PROPERTY_RUNS'] ?? 12);

/** With ../shared present: bodies against the Bicep type graphs the blocks were built from. */
const shared = sharedSchemaDir(REPO_ROOT);
let graphs: TTypeGraphs | undefined;
const typeGraphs = () =>
  (graphs ??= (
    JSON.parse(readFileSync(join(shared!, 'azure', 'bicep-types-selected.json'), 'utf8')) as {
      resources: TTypeGraphs;
    }
  ).resources);

describe('azure.arm-resource: random types', () => {
  it('generate Bicep (both layouts) and ARM that pass the structure checks', async () => {
    const file = loadSchemaFile('arm') as TArmSchemaFile;
    await fc.assert(
      fc.asyncProperty(randomArmComponents(file.types), async (components) => {
        const design = {
          v: 2,
          name: 'random-arm',
          provider: 'azure',
          region: 'westeurope',
          environments: [{ name: 'dev' }, { name: 'prod' }],
          components,
        };
        for (const [format, layout] of [
          ['bicep', 'single'],
          ['bicep', 'modules'],
          ['arm', 'arm'],
        ] as const) {
          const r = generate(design, { format, ...(format === 'bicep' ? { layout } : {}) });
          expect(r.ok ? [] : r.issues).toEqual([]);
          if (!r.ok) continue;
          expect(await checkOutput(r.files)).toEqual([]);
          const template = r.files.find((f) => f.path === 'azuredeploy.json');
          if (shared && template) {
            const doc = JSON.parse(template.content) as { resources: Record<string, unknown>[] };
            expect(checkArmBodies(doc, typeGraphs())).toEqual([]);
          }
        }
      }),
      {
        numRuns: RUNS,
        seed: Number(process.env['STRATUM_PROPERTY_SEED'] ?? 4242),
        endOnFailure: true,
      },
    );
  }, 120_000);
});
