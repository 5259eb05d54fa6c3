import { API_LIMITS, type TEnvVariable } from '@stratum/core/api-client/model';
import { isStorableText } from '@stratum/core/contract/common';
import { AppError } from '../../lib/errors';
import type { StoredVariable } from './repository';

/**
 * The pure half of environments: how the variables a client or a script sends combine with
 * the stored ones. Secret values live in a separate `{ key: value }` object that the service
 * seals; the stored list holds '' in their place.
 */

export type SecretValues = Record<string, string>;

export interface EnvironmentState {
  variables: StoredVariable[];
  secrets: SecretValues;
}

/** Each variable's real value, secrets included. */
export function valuesOf(state: EnvironmentState): Map<string, string> {
  const values = new Map<string, string>();
  for (const v of state.variables) {
    const value = v.secret ? state.secrets[v.key] : v.value;
    if (value !== undefined) values.set(v.key, value);
  }
  return values;
}

function stateOf(rows: { key: string; value: string; secret: boolean; enabled: boolean }[]) {
  const state: EnvironmentState = { variables: [], secrets: {} };
  for (const row of rows) {
    const hasValue = row.value !== '';
    state.variables.push({
      key: row.key,
      value: row.secret ? '' : row.value,
      secret: row.secret,
      enabled: row.enabled,
      hasValue,
    });
    if (row.secret && hasValue) state.secrets[row.key] = row.value;
  }
  return state;
}

/**
 * The list a client sent, replacing the stored one. `value: null` keeps the value stored under
 * that name (a masked secret sent back unchanged), or '' for a name not stored yet.
 */
export function mergeVariables(
  input: readonly TEnvVariable[],
  previous: EnvironmentState,
): EnvironmentState {
  const before = valuesOf(previous);
  return stateOf(
    input.map((v) => ({
      key: v.key,
      value: v.value ?? before.get(v.key) ?? '',
      secret: v.secret,
      enabled: v.enabled,
    })),
  );
}

export interface EnvironmentChanges {
  /** Names to set; a name already there keeps its place and stays secret if it was. */
  set: Record<string, string>;
  /** Names to remove (a name also in `set` is set). */
  unset: string[];
}

/** What scripts did (`pm.environment.set/unset`), applied to the stored state. */
export function applyChanges(
  previous: EnvironmentState,
  changes: EnvironmentChanges,
): EnvironmentState {
  const values = valuesOf(previous);
  const set = Object.entries(changes.set).map(([key, value]) => [key.trim(), value] as const);
  // A name both set and unset is set: the runner sends the net effect of a run.
  const unset = new Set(changes.unset.map((k) => k.trim()));
  for (const [key] of set) unset.delete(key);
  const rows = previous.variables
    .filter((v) => !unset.has(v.key))
    .map((v) => ({ ...v, value: values.get(v.key) ?? '' }));
  for (const [key, value] of set) {
    checkVariable(key, value);
    const existing = rows.find((r) => r.key === key);
    if (existing) existing.value = value;
    else rows.push({ key, value, secret: false, enabled: true, hasValue: value !== '' });
  }
  if (rows.length > API_LIMITS.variablesPerEnvironment) {
    throw new AppError(
      'api/limit_reached',
      `An environment holds at most ${API_LIMITS.variablesPerEnvironment} variables`,
    );
  }
  return stateOf(rows);
}

function checkVariable(key: string, value: string): void {
  if (key === '' || key.length > 1_024 || !isStorableText(key)) {
    throw new AppError('request/invalid', `A variable cannot be named ${JSON.stringify(key)}`);
  }
  if (value.length > API_LIMITS.headerValueChars || !isStorableText(value)) {
    throw new AppError(
      'request/invalid',
      `The value of ${key} is longer than ${API_LIMITS.headerValueChars} characters or holds a NUL character`,
    );
  }
}
