import type { TSourceKind } from '@stratum/core/contract/inventory/model';

/** How much of a file is read to tell what it is (a 50 MB state is never read whole for this). */
export const SNIFF_BYTES = 64 * 1024;

/**
 * The kind of an inventory file from its name and its first bytes: what `terraform show -json`,
 * a raw `.tfstate`, `az deployment … what-if`, `driftctl scan --output json://…` and a CSV
 * export each begin with. A guess the user can change before importing.
 */
export function guessSourceKind(fileName: string, head: string): TSourceKind {
  const name = fileName.toLowerCase();
  const text = head.trimStart();
  if (
    name.endsWith('.csv') ||
    (!text.startsWith('{') && !text.startsWith('[') && text.includes(','))
  )
    return 'csv';
  if (/"total_resources"\s*:|"total_unmanaged"\s*:/.test(text)) return 'driftctl';
  // `terraform show -json` (plan or state) starts with its format version.
  if (/"format_version"\s*:/.test(text) && !/"lineage"\s*:/.test(text)) return 'plan';
  if (/"changeType"\s*:/.test(text) || /[{,\s]"changes"\s*:\s*\[/.test(text)) return 'whatif';
  if (/"lineage"\s*:|"serial"\s*:/.test(text) || name.endsWith('.tfstate')) return 'tfstate';
  if (name.includes('plan')) return 'plan';
  if (name.includes('what-if') || name.includes('whatif')) return 'whatif';
  if (name.includes('drift')) return 'driftctl';
  return 'tfstate';
}

/** A source name from a file name: `prod.tfstate` → `prod`. */
export function nameFromFile(fileName: string): string {
  const stem = fileName.replace(/\.(tfstate|json|csv)$/i, '').replace(/\.(tfstate|json)$/i, '');
  return (stem || fileName).slice(0, 120);
}

export async function readHead(file: Blob): Promise<string> {
  return file.slice(0, SNIFF_BYTES).text();
}

export const KIND_LABELS: Record<TSourceKind, string> = {
  tfstate: 'Terraform state (.tfstate)',
  plan: 'terraform show -json (plan or state)',
  whatif: 'Azure what-if (JSON)',
  driftctl: 'driftctl scan (JSON)',
  csv: 'CSV (one asset per row)',
};
