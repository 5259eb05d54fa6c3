import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { generate, prepareDesign } from './generate';
import { builtNameFindings } from './testing/built-names';
import {
  checkOutput,
  loadSchemaFile,
  pinnedSchemaSource,
  schemaSource,
  useSchemaData,
} from '@stratum/cli/testing/fixtures';
import { TF_PROVIDER } from './catalog/generic/generic-terraform';
import type { TTerraformSchemaFile } from './catalog/generic/schema-data';
import { randomDesign } from './testing/random-design';
import { findService } from './catalog/registry';
import { completeDesign } from './design/complete';
import { parseDesign } from './design/parse';
import { checkCrossField } from './design/rules/cross-field';
import { CLOUDS, type TCloud } from './types';
import type { TPolicyFinding } from './policy/types';
import type { TDesignInput } from './design/schema-v2';

/** Random valid designs always give output that passes every offline check. */
beforeAll(() => {
  useSchemaData();
  schemaSource().lookup('aws_vpc', false);
}, 120_000);

const findingLine = (f: TPolicyFinding) => `${f.rule} ${f.address}: ${f.message}`;

/**
 * The findings on what the builders wrote. A generic resource holds the arguments drawn for it
 * (its required ones only, as a user might write them): a rule that reads its type rightly flags
 * it (a generic OCI bucket without a customer-managed key), which is no builder defect.
 */
const builderFindings = (design: TDesignInput, findings: readonly TPolicyFinding[]) => {
  const generic = new Set(
    (design.components ?? []).filter((c) => c.resource !== undefined).map((c) => c.id),
  );
  return findings.filter((f) => !generic.has(f.node)).map(findingLine);
};

const RUNS = Number(process.env['STRATUM_PROPERTY_RUNS'] ?? 12);

/** The committed schema data of the cloud's provider: generic components draw their types there. */
const schemaOf = (cloud: TCloud) =>
  loadSchemaFile(TF_PROVIDER[cloud]) as TTerraformSchemaFile | undefined;

describe.each(CLOUDS)('%s: random designs', (cloud: TCloud) => {
  it('are valid and generate Terraform that validates in their layout', async () => {
    await fc.assert(
      fc.asyncProperty(randomDesign(cloud, schemaOf(cloud)), async (design) => {
        // The generator draws only what the cloud accepts: no cross-field rule fires.
        const parsed = parseDesign(design);
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
        const completed = completeDesign(parsed.design).design;
        const services = new Map(
          [...completed.groups, ...completed.components].flatMap((n) => {
            const s = findService(n.service);
            return s ? [[n.id, s] as const] : [];
          }),
        );
        expect(checkCrossField(completed, services)).toEqual([]);
        const prepared = prepareDesign(design);
        // The only refusal a random valid design may meet: an override of a property that
        // cannot differ between environments, said so in words.
        if (!prepared.ok) {
          expect(prepared.issues.map((i) => i.message)).toEqual([
            expect.stringMatching(/cannot differ between environments/),
          ]);
          return;
        }
        // Every name, companions included, obeys its type's rule in every environment.
        expect(builtNameFindings(prepared)).toEqual([]);
        const r = generate(design, { format: 'terraform' });
        expect(r.ok ? [] : r.issues).toEqual([]);
        if (!r.ok) return;
        // Resources at the pinned provider versions: the generic ones are drawn from that data.
        expect(await checkOutput(r.files, pinnedSchemaSource())).toEqual([]);
        // Secure by default: random designs exempt nothing, so any finding is a builder defect.
        expect(builderFindings(design, r.policy)).toEqual([]);
        if (cloud === 'azure') {
          const generic = (design.components ?? []).find((c) => c.service === 'azure.resource');
          for (const format of ['bicep', 'arm'] as const) {
            const other = generate(design, { format });
            if (generic) {
              // azurerm types are Terraform-only: refused, naming the component (or, built
              // first, an override the ARM builders cannot vary, which Terraform could).
              expect(other.ok ? [] : other.issues.map((i) => i.message)).toEqual([
                expect.stringMatching(
                  new RegExp(
                    `^(${generic.name} .* Terraform-only|.* cannot differ between environments)`,
                  ),
                ),
              ]);
              continue;
            }
            expect(other.ok ? [] : other.issues).toEqual([]);
            if (other.ok) {
              expect(await checkOutput(other.files)).toEqual([]);
              expect(builderFindings(design, other.policy)).toEqual([]);
            }
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
