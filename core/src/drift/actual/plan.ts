import type { TAttrPath } from '../../contract/drift/scans';
import { formatIndex } from '../../costing/tfplan/address';
import { parseTerraformJson } from '../../costing/tfplan/parse';
import type { TTfResource } from '../../costing/tfplan/model';
import { asArray, asRecord, asString } from '../../costing/tfplan/values';
import { idOf, sensitiveMarksToPaths } from '../desired';
import type { TActualSide, TDesiredResource, TPlanAction, TReadActualResult } from '../model';
import { compareResource, rawEqual } from '../normalize';
import { countNoise } from '../noise';
import { emptyActual, verdict } from './common';

/**
 * `terraform show -json` of a plan (normal or refresh-only): drift is its `resource_drift`
 * (changes Terraform saw outside itself while refreshing). The plan also carries the desired
 * side: the state before the refresh is `prior_state` with each drift entry's `before` put back.
 * Planned actions (configuration against the refreshed cloud) are not drift; they are listed in
 * `planActions` for the UI. `terraform show -json` of a *state* is read as a cloud read of every
 * type it holds (compared by id), for a state refreshed after the desired one.
 */
export function readPlan(doc: unknown): TReadActualResult {
  const parsed = parseTerraformJson(doc);
  if (!parsed.ok) return parsed;
  const d = asRecord(doc) ?? {};
  if (parsed.value.kind === 'state') return stateAsRead(parsed.value.resources);

  const resources = parsed.value.resources.filter(
    (r) => r.mode === 'managed' && !r.address.includes(' (deposed '),
  );
  const sensitive = planSensitivePaths(d);
  const desired = new Map<string, TDesiredResource>();
  for (const r of resources) {
    if (!r.before) continue;
    desired.set(r.address, {
      address: r.address,
      type: r.type,
      id: idOf(r.before),
      attributes: { ...r.before },
      sensitivePaths: [...(sensitive.get(r.address) ?? []), ...r.sensitivePaths.map((p) => [...p])],
    });
  }

  const actual = emptyActual();
  actual.planActions = planActions(d);
  const drifted = new Set<string>();
  const entries = asArray(d.resource_drift);
  for (const e of entries) {
    const entry = asRecord(e);
    const change = asRecord(entry?.change);
    const type = asString(entry?.type);
    if (!entry || !change || !type || entry.mode === 'data') continue;
    const before = asRecord(change.before);
    const after = asRecord(change.after);
    const actions = asArray(change.actions);
    const address = resolveAddress(entry, before, resources);
    const previousAddress = asString(entry.previous_address);
    const paths = [
      ...(sensitive.get(address) ?? []),
      ...sensitiveMarksToPaths(change.before_sensitive),
      ...sensitiveMarksToPaths(change.after_sensitive),
    ];
    if (before) {
      desired.set(address, {
        address,
        type,
        id: idOf(before),
        attributes: { ...before },
        sensitivePaths: paths,
      });
    }
    const id = idOf(before) ?? idOf(after);
    if (actions.includes('delete') && !actions.includes('create')) {
      drifted.add(address);
      actual.verdicts.push(
        verdict({ address, id, resourceType: type, status: 'missing', previousAddress }),
      );
      continue;
    }
    if (!actions.includes('update') || !before || !after) {
      actual.warnings.push(
        `resource_drift entry ${address} has actions ${JSON.stringify(actions)}: not read as drift.`,
      );
      continue;
    }
    if (rawEqual(before, after)) {
      countNoise(actual.noise, 'refresh-equal');
      continue;
    }
    const attributes = compareResource(type, before, after, actual.noise, paths);
    if (attributes.length === 0) continue;
    drifted.add(address);
    actual.verdicts.push(
      verdict({ address, id, resourceType: type, status: 'changed', attributes, previousAddress }),
    );
  }
  for (const r of desired.values()) {
    if (!drifted.has(r.address)) actual.inSync.push({ address: r.address, type: r.type, id: r.id });
  }
  return { ok: true, value: actual, desired: [...desired.values()] };
}

/**
 * Drift entries written by Terraform 1.0 carry mode, type and name but no address or instance
 * key: the instance is the one the plan knows with that module, type and name (and key when
 * given); among several, the one whose `id` is the entry's.
 */
function resolveAddress(
  entry: Record<string, unknown>,
  before: Record<string, unknown> | null,
  resources: readonly TTfResource[],
): string {
  const given = asString(entry.address);
  if (given) return given;
  const type = asString(entry.type) ?? '';
  const name = asString(entry.name) ?? '';
  const module = asString(entry.module_address);
  const hasIndex = entry.index !== undefined && entry.index !== null;
  const local = `${type}.${name}${formatIndex(entry.index)}`;
  const exact = module ? `${module}.${local}` : local;
  if (hasIndex) return exact;
  const candidates = resources.filter(
    (r) => r.type === type && r.name === name && r.moduleAddress === module,
  );
  if (candidates.length === 1 && candidates[0]) return candidates[0].address;
  const id = idOf(before);
  const byId = candidates.find((r) => id !== null && idOf(r.before ?? r.after) === id);
  return byId?.address ?? exact;
}

function planSensitivePaths(d: Record<string, unknown>): Map<string, TAttrPath[]> {
  const out = new Map<string, TAttrPath[]>();
  for (const c of asArray(d.resource_changes)) {
    const rc = asRecord(c);
    const address = asString(rc?.address);
    const change = asRecord(rc?.change);
    if (!address || !change) continue;
    const paths = [
      ...sensitiveMarksToPaths(change.before_sensitive),
      ...sensitiveMarksToPaths(change.after_sensitive),
    ];
    if (paths.length > 0) out.set(address, paths);
  }
  return out;
}

function planActions(d: Record<string, unknown>): TPlanAction[] {
  const out: TPlanAction[] = [];
  for (const c of asArray(d.resource_changes)) {
    const rc = asRecord(c);
    const change = asRecord(rc?.change);
    const address = asString(rc?.address);
    const type = asString(rc?.type);
    if (!rc || !change || !address || !type || rc.mode === 'data') continue;
    const actions = asArray(change.actions).filter((a): a is string => typeof a === 'string');
    let action: TPlanAction['action'] | null = null;
    if (actions.includes('create') && (actions.includes('delete') || actions.includes('forget'))) {
      action = 'replace';
    } else if (actions.length === 1) {
      const a = actions[0];
      if (a === 'create' || a === 'update' || a === 'delete' || a === 'forget') action = a;
    }
    if (!action) continue;
    out.push({
      address,
      previousAddress: asString(rc.previous_address),
      type,
      action,
      reason: asString(rc.action_reason),
      replacePaths: asArray(change.replace_paths)
        .filter(Array.isArray)
        .map((p) => (p as unknown[]).map(String).join('.')),
    });
  }
  return out;
}

/** A refreshed state read as the cloud: every managed instance, matched on id. */
function stateAsRead(resources: readonly TTfResource[]): TReadActualResult {
  const actual: TActualSide = emptyActual();
  const types = new Set<string>();
  for (const r of resources) {
    if (r.mode !== 'managed' || r.address.includes(' (deposed ')) continue;
    types.add(r.type);
    const id = idOf(r.before);
    if (id) actual.read.push({ type: r.type, id, attributes: { ...(r.before ?? {}) } });
  }
  actual.readTypes = [...types].sort();
  return { ok: true, value: actual };
}
