import { SOURCE_MAX_BYTES, type TSourceKind } from '../contract/inventory/model';
import { parseTerraformJson } from '../costing/tfplan/parse';
import { asNumber, asRecord, asString } from '../costing/tfplan/values';
import { dependencyWarnings } from './graph';
import type { TParsedSource, TParseSourceResult } from './model';
import { inventoryFromCsv } from './parse-csv';
import { inventoryFromDriftctl } from './parse-driftctl';
import { inventoryFromTerraform } from './parse-terraform';
import { inventoryFromWhatIf } from './parse-whatif';

const invalid = (message: string): TParseSourceResult => ({
  ok: false,
  reason: 'invalid',
  message,
});

/**
 * Reads an imported file of the given kind (issue 14 §1): a raw Terraform state (format 4), the
 * JSON of `terraform show -json` (a plan or a state), an Azure what-if result, a driftctl report
 * or a CSV. Nothing is stored here; a refusal says why in words a user can act on.
 */
export function parseSource(kind: TSourceKind, text: string): TParseSourceResult {
  if (text.length > SOURCE_MAX_BYTES) {
    return invalid(`The file is larger than ${SOURCE_MAX_BYTES / 1024 / 1024} MB.`);
  }
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return invalid('The file is empty.');
  if (kind === 'csv') return done(inventoryFromCsv(body));

  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch (error) {
    if (kind === 'tfstate' || kind === 'plan') {
      const result = parseTerraformJson(body);
      if (!result.ok) return invalid(result.message);
    }
    const detail = error instanceof Error ? error.message : 'unreadable';
    return invalid(`The file is not valid JSON (${detail}).`);
  }
  if (kind === 'whatif') return done(inventoryFromWhatIf(doc));
  if (kind === 'driftctl') return done(inventoryFromDriftctl(doc));
  return parseTerraform(kind, doc);
}

function parseTerraform(kind: 'tfstate' | 'plan', doc: unknown): TParseSourceResult {
  const d = asRecord(doc);
  const version = asNumber(d?.version);
  if (
    d &&
    d.format_version === undefined &&
    typeof d.version === 'number' &&
    version !== null &&
    version < 4
  ) {
    const written = asString(d.terraform_version);
    return {
      ok: false,
      reason: 'legacy',
      message: `This is a Terraform state of format version ${version}${written ? ` (written by Terraform ${written})` : ''}: Stratum reads format version 4, which Terraform 0.12 and later write. Upgrade the state with Terraform 0.12 or later (\`terraform init\`, then \`terraform apply -refresh-only\`) and import the new file. Nothing was imported.`,
    };
  }
  const result = parseTerraformJson(doc);
  if (!result.ok) return invalid(result.message);
  if (kind === 'tfstate' && result.value.kind === 'plan') {
    return invalid(
      'This is a Terraform plan (`terraform show -json` of a plan file), not a state: import it as a plan.',
    );
  }
  const parsed = inventoryFromTerraform(kind, result.value);
  // Dependencies the file names but does not hold are said at import, not only on the graph.
  return {
    ok: true,
    value: { ...parsed, warnings: [...parsed.warnings, ...dependencyWarnings(parsed)] },
  };
}

function done(
  result: { ok: true; value: TParsedSource } | { ok: false; message: string },
): TParseSourceResult {
  return result.ok ? result : invalid(result.message);
}
