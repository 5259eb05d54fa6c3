import type { TAttrPath, TAttributeChange } from '../../contract/drift/scans';
import { asArray, asRecord, asString } from '../../costing/tfplan/values';
import type { TDesiredResource, TReadActualResult } from '../model';
import { compareValues } from '../normalize';
import {
  countNoise,
  isAzureDefault,
  isMasked,
  isServerPopulated,
  type TNoiseCounts,
} from '../noise';
import { emptyActual, verdict } from './common';

/**
 * Azure what-if (`az deployment … what-if --no-pretty-print`, the REST envelope with
 * `properties.changes`, or Microsoft's example document with `responses["200"].body`).
 *
 * What-if compares a template (desired) with the cloud (actual): `before` is the cloud, `after`
 * what the template would make it. Change types map to the buckets as follows:
 * - `Create` → missing (in the template, not in the cloud).
 * - `Delete` → unmanaged. What-if only says Delete in Complete mode, where it means "exists in
 *   the scope, not in the template" — exactly an unmanaged resource. (Deploying in Complete mode
 *   would delete it; the scan reports, it does not deploy.)
 * - `Modify` → changed, with `delta` flattened (nested `children` of arrays included);
 *   `NoEffect` properties, masked values and server-populated properties are noise.
 * - `NoChange` → in sync. `Ignore` (exists, not in the template, Incremental mode leaves it) and
 *   `Deploy` (ResourceIdOnly results: properties not compared) → not checked.
 * - `Unsupported` → unknown, with what-if's `unsupportedReason`.
 * Entries repeated (same id, compared case-insensitively) are read once.
 */
export function readWhatIf(doc: unknown): TReadActualResult {
  const body = whatIfBody(doc);
  if (!body) {
    return {
      ok: false,
      message:
        'This is not an Azure what-if result: expected `changes` at the top (az CLI), `properties.changes` (REST) or `responses["200"].body`.',
    };
  }
  const error = asRecord(body.error);
  if (asString(body.status)?.toLowerCase() === 'failed' || (error && asString(error.message))) {
    const why = asString(error?.message) ?? 'no reason given';
    return { ok: false, message: `The what-if run failed: ${why}` };
  }
  const actual = emptyActual();
  const desired: TDesiredResource[] = [];
  const seen = new Map<string, string>();
  for (const raw of body.changes) {
    const c = asRecord(raw);
    const id = asString(c?.resourceId);
    const changeType = asString(c?.changeType);
    if (!c || !id || !changeType) continue;
    const key = id.toLowerCase();
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      if (earlier === changeType) countNoise(actual.noise, 'duplicate-entry');
      else
        actual.warnings.push(
          `What-if lists ${id} twice (${earlier}, ${changeType}); the first is kept.`,
        );
      continue;
    }
    seen.set(key, changeType);
    const before = asRecord(c.before);
    const after = asRecord(c.after);
    const type = asString(after?.type) ?? asString(before?.type) ?? armTypeOfId(id);
    const ref = { address: id, type, id };
    const base = { address: id, id, resourceType: type, isAddressSuggested: true };
    if (changeType !== 'Delete' && changeType !== 'Ignore' && changeType !== 'Unsupported') {
      desired.push({
        address: id,
        type,
        id,
        attributes: after ?? before ?? {},
        sensitivePaths: [],
      });
    }
    switch (changeType) {
      case 'Create':
        actual.verdicts.push(verdict({ ...base, status: 'missing' }));
        break;
      case 'Delete':
        actual.verdicts.push(verdict({ ...base, status: 'unmanaged' }));
        break;
      case 'Modify': {
        const attributes = flattenDelta(asArray(c.delta), [], actual.noise, [before, after], type);
        if (attributes.length === 0) actual.inSync.push(ref);
        else actual.verdicts.push(verdict({ ...base, status: 'changed', attributes }));
        break;
      }
      case 'NoChange':
        actual.inSync.push(ref);
        break;
      case 'Ignore':
      case 'Deploy':
        actual.notChecked.push(ref);
        break;
      case 'Unsupported':
        actual.verdicts.push(
          verdict({
            ...base,
            status: 'unknown',
            reason: asString(c.unsupportedReason) ?? 'What-if cannot analyse this resource.',
          }),
        );
        break;
      default:
        actual.warnings.push(
          `What-if change type ${changeType} on ${id} is not known: not checked.`,
        );
        actual.notChecked.push(ref);
    }
  }
  actual.warnings.push(...diagnostics(body.diagnostics));
  const potential = asArray(body.potentialChanges).length;
  if (potential > 0) {
    actual.warnings.push(
      `${potential} potential change(s) (what-if's low-confidence list) are not reported as drift.`,
    );
  }
  return { ok: true, value: actual, desired };
}

interface TWhatIfBody {
  status: unknown;
  error: unknown;
  changes: readonly unknown[];
  potentialChanges: unknown;
  diagnostics: unknown;
}

function whatIfBody(doc: unknown): TWhatIfBody | null {
  let d = asRecord(doc);
  const example = asRecord(asRecord(asRecord(d?.responses)?.['200'])?.body);
  if (example) d = example;
  if (!d) return null;
  const props = asRecord(d.properties);
  const holder = Array.isArray(d.changes)
    ? d
    : props && Array.isArray(props.changes)
      ? props
      : null;
  if (!holder) return null;
  return {
    status: d.status,
    error: d.error ?? props?.error,
    changes: asArray(holder.changes),
    potentialChanges: holder.potentialChanges,
    diagnostics: holder.diagnostics ?? d.diagnostics,
  };
}

function diagnostics(raw: unknown): string[] {
  const byCode = new Map<string, { level: string; message: string; count: number }>();
  for (const d of asArray(raw)) {
    const r = asRecord(d);
    const code = asString(r?.code) ?? 'Diagnostic';
    const e = byCode.get(code);
    if (e) e.count += 1;
    else
      byCode.set(code, {
        level: asString(r?.level) ?? 'Info',
        message: asString(r?.message) ?? '',
        count: 1,
      });
  }
  return [...byCode.entries()].map(
    ([code, e]) => `${e.level} ${code}${e.count > 1 ? ` (×${e.count})` : ''}: ${e.message}`,
  );
}

/** `Microsoft.Network/virtualNetworks/subnets` from a resource id (or a template expression). */
export function armTypeOfId(id: string): string {
  const clean = id.replace(/^\[\w+\('/, '').split("'")[0] ?? id;
  const segments = clean.split('/').filter((s) => s !== '');
  const at = segments.map((s) => s.toLowerCase()).lastIndexOf('providers');
  if (at < 0) {
    if (segments.length === 2 && segments[0]?.toLowerCase() === 'subscriptions') {
      return 'Microsoft.Resources/subscriptions';
    }
    return segments[2]?.toLowerCase() === 'resourcegroups'
      ? 'Microsoft.Resources/resourceGroups'
      : 'unknown';
  }
  const rest = segments.slice(at + 1);
  const types = [rest[0], ...rest.slice(1).filter((_, i) => i % 2 === 0)];
  return types.filter((t): t is string => t !== undefined).join('/');
}

/** `properties.ipConfigurations[0].name` → `['properties', 'ipConfigurations', 0, 'name']`. */
export function splitWhatIfPath(path: string): TAttrPath {
  const out: TAttrPath = [];
  for (const part of path.split('.')) {
    const m = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) {
      out.push(part);
      continue;
    }
    if (m[1] !== '') out.push(/^\d+$/.test(m[1] ?? '') ? Number(m[1]) : (m[1] ?? ''));
    for (const idx of (m[2] ?? '').matchAll(/\[(\d+)\]/g)) out.push(Number(idx[1]));
  }
  return out;
}

/** Delta entries as attribute changes: before = the template (desired), after = the cloud. */
/**
 * What-if joins path segments with dots, so a key holding dots (`tags.k8s.io/owner`) is ambiguous:
 * where the resource documents have such a key, the longest one is taken.
 */
export function resolveWhatIfPath(
  raw: string,
  prefix: TAttrPath,
  docs: readonly unknown[],
): TAttrPath {
  const segments = splitWhatIfPath(raw);
  const nodes = docs.map((d) => walk(d, prefix));
  const out: TAttrPath = [];
  let i = 0;
  while (i < segments.length) {
    let taken = 1;
    for (let j = segments.length; j > i + 1; j -= 1) {
      const parts = segments.slice(i, j);
      if (!parts.every((p) => typeof p === 'string')) continue;
      const key = parts.join('.');
      if (nodes.some((n) => asRecord(n) && key in (n as Record<string, unknown>))) {
        taken = j - i;
        break;
      }
    }
    const seg = taken === 1 ? segments[i] : segments.slice(i, i + taken).join('.');
    if (seg === undefined) break;
    out.push(seg);
    for (let k = 0; k < nodes.length; k += 1) nodes[k] = walk(nodes[k], [seg]);
    i += taken;
  }
  return out;
}

function walk(doc: unknown, path: TAttrPath): unknown {
  let node = doc;
  for (const seg of path) {
    if (Array.isArray(node) && typeof seg === 'number') node = node[seg] as unknown;
    else node = asRecord(node)?.[String(seg)];
  }
  return node;
}

function flattenDelta(
  delta: readonly unknown[],
  prefix: TAttrPath,
  noise: TNoiseCounts,
  docs: readonly unknown[],
  type: string,
) {
  const out: TAttributeChange[] = [];
  for (const raw of delta) {
    const d = asRecord(raw);
    const rawPath = typeof d?.path === 'string' ? d.path : null;
    if (!d || rawPath === null) continue;
    const path = [...prefix, ...resolveWhatIfPath(rawPath, prefix, docs)];
    const kind = asString(d.propertyChangeType);
    const children = asArray(d.children);
    const cloud = d.before;
    const template = d.after;
    if (kind === 'NoEffect') {
      countNoise(noise, 'no-effect');
    } else if (children.length > 0) {
      out.push(...flattenDelta(children, path, noise, docs, type));
    } else if (isMasked(cloud) || isMasked(template)) {
      countNoise(noise, 'masked');
    } else if (kind === 'Delete' && isServerPopulated(rawPath)) {
      countNoise(noise, 'server-populated');
    } else if (kind === 'Delete' && isAzureDefault(type, path.join('.'), cloud)) {
      countNoise(noise, 'azure-default');
    } else if (kind === 'Delete') {
      out.push(...compareValues(path, undefined, cloud, noise));
    } else {
      out.push(...compareValues(path, template, cloud, noise));
    }
  }
  return out;
}
