import { asArray, asRecord, asString } from '../costing/tfplan/values';
import { armTypeOf } from './arm';
import { cloudIdOf, displayNameOf, normalizeRegion, tagsOf } from './describe';
import { flatSource } from './flat-source';
import type { TInventoryInstance, TParsedSource } from './model';
import { plural, WarningSink } from './warnings';

/** The change list of an Azure what-if result in any of the shapes it is saved in. */
export function whatIfChanges(
  doc: unknown,
): { changes: readonly unknown[]; root: Record<string, unknown> } | null {
  const d = asRecord(doc);
  if (!d) return null;
  // `az deployment … what-if --no-pretty-print` (and Azure PowerShell's JSON): changes at the top.
  if (Array.isArray(d.changes)) return { changes: d.changes, root: d };
  // The REST answer: `{ status, properties: { changes } }`.
  const properties = asRecord(d.properties);
  if (properties && Array.isArray(properties.changes))
    return { changes: properties.changes, root: d };
  // Microsoft's REST examples: the answer under `responses["200"].body`.
  const body = asRecord(asRecord(asRecord(d.responses)?.['200'])?.body);
  return body ? whatIfChanges(body) : null;
}

const ACTIONS: Readonly<Record<string, TInventoryInstance['action']>> = {
  create: 'create',
  delete: 'delete',
  modify: 'update',
  deploy: 'update',
  nochange: 'no-op',
  ignore: 'no-op',
};

export function inventoryFromWhatIf(
  doc: unknown,
): { ok: true; value: TParsedSource } | { ok: false; message: string } {
  const found = whatIfChanges(doc);
  if (!found) {
    return {
      ok: false,
      message:
        'This is not an Azure what-if result: expected `changes` at the top (`az deployment group what-if --no-pretty-print --output json`) or `properties.changes` (the REST answer).',
    };
  }
  const error = asRecord(found.root.error);
  if (error && found.changes.length === 0) {
    const detail = [asString(error.code), asString(error.message)].filter(Boolean).join(': ');
    return {
      ok: false,
      message: `The what-if run failed${detail ? ` (${detail})` : ''}: there are no changes to import.`,
    };
  }

  const warnings = new WarningSink();
  const byId = new Map<string, TInventoryInstance>();
  found.changes.forEach((entry, index) => {
    const change = asRecord(entry);
    const resourceId = asString(change?.resourceId);
    if (!change || !resourceId) {
      warnings.add(
        'whatif-no-id',
        (n) =>
          `${plural(n, 'change has', 'changes have')} no resourceId and ${n === 1 ? 'is' : 'are'} skipped.`,
        `changes[${index}]`,
      );
      return;
    }
    const key = resourceId.toLowerCase();
    const after = asRecord(change.after);
    const before = asRecord(change.before);
    const existing = byId.get(key);
    if (existing) {
      warnings.add(
        'whatif-duplicate',
        (n) =>
          `${plural(n, 'resource id appears', 'resource ids appear')} more than once (some differ only in case): each is listed once.`,
        existing.address,
      );
      if (Object.keys(existing.attributes).length === 0)
        existing.attributes = { ...(after ?? before ?? {}) };
      return;
    }
    const changeType = (asString(change.changeType) ?? '').toLowerCase();
    const attributes: Record<string, unknown> = { ...(after ?? before ?? {}) };
    const isExpression = resourceId.startsWith('[');
    if (changeType === 'unsupported') {
      warnings.add(
        'whatif-unsupported',
        (n) =>
          `What-if could not analyse ${plural(n, 'resource', 'resources')} (Unsupported)${isExpression ? ': their id is a template expression until the deployment runs' : ''}.`,
        resourceId,
      );
    }
    const type = armTypeOf(resourceId) ?? asString(attributes.type) ?? 'unknown';
    const name = resourceId.startsWith('/')
      ? (resourceId.split('/').filter(Boolean).pop() ?? resourceId)
      : (asString(attributes.name) ?? resourceId);
    const tags = tagsOf('azure', attributes);
    byId.set(key, {
      address: resourceId,
      module: null,
      mode: 'managed',
      type,
      name,
      provider: null,
      cloud: 'azure',
      region: normalizeRegion('azure', asString(attributes.location)),
      cloudId: isExpression ? null : (cloudIdOf(attributes) ?? resourceId),
      displayName: displayNameOf(attributes, tags, name),
      tags,
      attributes,
      sensitivePaths: [],
      dependencies: [],
      references: [],
      action: ACTIONS[changeType] ?? null,
    });
  });

  for (const diagnostic of asArray(found.root.diagnostics)) {
    const d = asRecord(diagnostic);
    const code = asString(d?.code);
    if (!d || !code) continue;
    const message = asString(d.message) ?? code;
    warnings.add(
      `whatif-${code}`,
      (n) => `${message}${n > 1 ? ` (${n} times)` : ''}`,
      asString(d.target) ?? code,
    );
  }
  const potential = asArray(found.root.potentialChanges).length;
  if (potential > 0) {
    warnings.add(
      'whatif-potential-changes',
      () =>
        `${plural(potential, 'potential change', 'potential changes')} (resources of nested deployments what-if could not evaluate) ${potential === 1 ? 'is' : 'are'} not listed.`,
      'potentialChanges',
    );
  }

  const instances = [...byId.values()];
  return flatSource('whatif', instances, warnings);
}
