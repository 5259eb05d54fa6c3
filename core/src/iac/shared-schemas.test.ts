import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkArmBodies, type TTypeGraphs } from '@stratum/cli/checks/arm-body-check';
import { sharedSchemaDir, sharedSchemas } from '@stratum/cli/checks/shared-schemas';
import { TERRAFORM_LAYOUT_NAMES } from './emit/terraform-emitter';
import { generate } from './generate';
import {
  REPO_ROOT,
  checkOutput,
  exampleFiles,
  readExample,
  useSchemaData,
} from '@stratum/cli/testing/fixtures';

/**
 * Stricter checks when `../shared/iac-schemas` is beside the repository (project machines and
 * CI; never a clone): Terraform against the dumps of the exact pinned provider versions, and ARM
 * bodies against the Bicep type graphs. Skipped when the folder is absent.
 */
const dir = sharedSchemaDir(REPO_ROOT);

/** Generic Azure resources are for one tool: azurerm ones Terraform, ARM ones Bicep/ARM. */
const uses = (file: string, service: string) =>
  ((readExample(file) as { components?: { service: string }[] }).components ?? []).some(
    (c) => c.service === service,
  );

describe.runIf(dir !== undefined)('against the pinned provider schemas in ../shared', () => {
  const source = dir ? sharedSchemas(dir) : undefined;
  useSchemaData();

  it.each(exampleFiles().filter((f) => !uses(f, 'azure.arm-resource')))(
    '%s: every Terraform layout',
    async (file) => {
      for (const layout of TERRAFORM_LAYOUT_NAMES) {
        const r = generate(readExample(file), { format: 'terraform', layout });
        if (!r.ok) throw new Error(JSON.stringify(r.issues));
        expect(await checkOutput(r.files, source), layout).toEqual([]);
      }
    },
    60_000,
  );

  const selected = dir ? join(dir, 'azure', 'bicep-types-selected.json') : '';
  it
    .runIf(existsSync(selected))
    .each(exampleFiles().filter((f) => f.startsWith('azure') && !uses(f, 'azure.resource')))(
    '%s: ARM bodies match the Bicep type data',
    (file) => {
      const graphs = (JSON.parse(readFileSync(selected, 'utf8')) as { resources: TTypeGraphs })
        .resources;
      // Types without a graph in the selection must still be real, deployable type@versions.
      const index = JSON.parse(
        readFileSync(join(dir!, 'azure', 'bicep-types-index.json'), 'utf8'),
      ) as {
        types: Record<string, { v: Record<string, [number, number]> }>;
      };
      const known = new Set(
        Object.entries(index.types).flatMap(([type, e]) =>
          Object.entries(e.v)
            .filter(([, [writable]]) => writable !== 0)
            .map(([version]) => `${type}@${version}`),
        ),
      );
      const r = generate(readExample(file), { format: 'arm' });
      if (!r.ok) throw new Error(JSON.stringify(r.issues));
      const template = JSON.parse(r.files.find((f) => f.path === 'azuredeploy.json')!.content) as {
        resources: Record<string, unknown>[];
      };
      expect(checkArmBodies(template, graphs, known)).toEqual([]);
    },
    60_000,
  );
});
