import { asArray, asNumber, asRecord, asString } from '../costing/tfplan/values';
import { cloudOfResourceTypeName } from './clouds';
import { flatSource } from './flat-source';
import type { TInventoryInstance, TParsedSource } from './model';
import { plural, WarningSink } from './warnings';

/** A Terraform-style name for an id: `Z103_test0_A` stays, `i-0abc` → `i_0abc`. */
export function nameFromId(id: string): string {
  const name = id.replace(/[^A-Za-z0-9_-]/g, '_');
  return /^[A-Za-z_]/.test(name) ? name : `_${name}`;
}

/**
 * A `driftctl scan --output json` result (and `snyk iac describe`, the same engine): the resources
 * IaC manages (`managed` and `missing`, the latter gone from the cloud) become instances, with
 * their type and id; driftctl gives no Terraform address, so one is made from the id.
 */
export function inventoryFromDriftctl(
  doc: unknown,
): { ok: true; value: TParsedSource } | { ok: false; message: string } {
  const d = asRecord(doc);
  if (!d || !['managed', 'unmanaged', 'missing'].some((k) => Array.isArray(d[k]))) {
    return {
      ok: false,
      message:
        'This is not a driftctl report: expected the JSON of `driftctl scan --output json://…` with `managed`, `unmanaged` and `missing` lists.',
    };
  }
  const warnings = new WarningSink();
  const instances: TInventoryInstance[] = [];
  const addresses = new Set<string>();
  const add = (entry: unknown, where: string, isMissing: boolean) => {
    const r = asRecord(entry);
    const id = asString(r?.id);
    const type = asString(r?.type);
    if (!id || !type) {
      warnings.add(
        'driftctl-incomplete',
        (n) =>
          `${plural(n, 'entry has', 'entries have')} no id or type and ${n === 1 ? 'is' : 'are'} skipped.`,
        where,
      );
      return;
    }
    const base = `${type}.${nameFromId(id)}`;
    let address = base;
    for (let i = 2; addresses.has(address); i += 1) address = `${base}_${i}`;
    addresses.add(address);
    if (isMissing) {
      warnings.add(
        'driftctl-missing',
        (n) =>
          `${plural(n, 'resource IaC manages is', 'resources IaC manages are')} missing from the cloud (driftctl's missing list); listed as assets.`,
        address,
      );
    }
    instances.push({
      address,
      module: null,
      mode: 'managed',
      type,
      name: nameFromId(id),
      provider: null,
      cloud: cloudOfResourceTypeName(type),
      region: null,
      cloudId: id,
      displayName: id,
      tags: {},
      attributes: { id },
      sensitivePaths: [],
      dependencies: [],
      references: [],
      action: null,
    });
  };
  asArray(d.managed).forEach((e, i) => add(e, `managed[${i}]`, false));
  const missing = asArray(d.missing);
  missing.forEach((e, i) => add(e, `missing[${i}]`, true));

  const unmanaged = asArray(d.unmanaged);
  unmanaged.forEach((e, i) => {
    const r = asRecord(e);
    warnings.add(
      'driftctl-unmanaged',
      (n) =>
        `${plural(n, 'resource is', 'resources are')} in the cloud but unknown to IaC (driftctl's unmanaged list): not assets; a drift scan with this report shows them.`,
      `${asString(r?.type) ?? '?'} ${asString(r?.id) ?? `unmanaged[${i}]`}`,
    );
  });
  const summaryMissing = asNumber(asRecord(d.summary)?.total_missing);
  if (summaryMissing !== null && summaryMissing !== missing.length) {
    warnings.add(
      'driftctl-summary-mismatch',
      () =>
        `The report's summary says ${summaryMissing} missing but its missing list holds ${missing.length}: the list is what counts.`,
      'summary.total_missing',
    );
  }

  return flatSource('driftctl', instances, warnings);
}
