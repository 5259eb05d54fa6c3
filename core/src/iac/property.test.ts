import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { generate, prepareDesign } from './generate';
import { checkOutput, schemaSource } from '@stratum/cli/testing/fixtures';
import { randomDesign } from './testing/random-design';
import { CLOUDS, type TCloud } from './types';
import type { TPolicyFinding } from './policy/types';

/** Random valid designs always give output that passes every offline check. */
beforeAll(() => {
  schemaSource().lookup('aws_vpc', false);
}, 120_000);

const findingLine = (f: TPolicyFinding) => `${f.rule} ${f.address}: ${f.message}`;

const RUNS = Number(process.env['STRATUM_PROPERTY_RUNS'] ?? 12);

describe.each(CLOUDS)('%s: random designs', (cloud: TCloud) => {
  it('are valid and generate Terraform that validates in their layout', async () => {
    await fc.assert(
      fc.asyncProperty(randomDesign(cloud), async (design) => {
        const prepared = prepareDesign(design);
        // The only refusal a random valid design may meet: an override of a property that
        // cannot differ between environments, said so in words.
        if (!prepared.ok) {
          expect(prepared.issues.map((i) => i.message)).toEqual([
            expect.stringMatching(/cannot differ between environments/),
          ]);
          return;
        }
        const r = generate(design, { format: 'terraform' });
        expect(r.ok ? [] : r.issues).toEqual([]);
        if (!r.ok) return;
        expect(await checkOutput(r.files)).toEqual([]);
        // Secure by default: random designs exempt nothing, so any finding is a builder defect.
        expect(r.policy.map(findingLine)).toEqual([]);
        if (cloud === 'azure') {
          for (const format of ['bicep', 'arm'] as const) {
            const other = generate(design, { format });
            expect(other.ok ? [] : other.issues).toEqual([]);
            if (other.ok) {
              expect(await checkOutput(other.files)).toEqual([]);
              expect(other.policy.map(findingLine)).toEqual([]);
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
