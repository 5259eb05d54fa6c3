import type { TUsageAssumption, TUsageInput } from '@stratum/core/costing/model';

/** The user's usage values with one value set (a new object: it is part of a query key). */
export function setUsage(usage: TUsageInput, target: string, key: string, value: number) {
  return { ...usage, [target]: { ...usage[target], [key]: value } };
}

/** The user's usage values without one: the estimator's default applies again. */
export function clearUsage(usage: TUsageInput, target: string, key: string): TUsageInput {
  const { [key]: _removed, ...rest } = usage[target] ?? {};
  const { [target]: _target, ...others } = usage;
  return Object.keys(rest).length > 0 ? { ...others, [target]: rest } : others;
}

/** Whether the user changed an assumption from the estimator's default. */
export const isEdited = (usage: TUsageInput, a: Pick<TUsageAssumption, 'target' | 'key'>) =>
  usage[a.target]?.[a.key] !== undefined;

/** A typed number an assumption accepts: finite, not negative (the contract's bounds). */
export function parseUsageValue(text: string): number | null {
  const trimmed = text.trim().replace(/[,_\s]/g, '');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) && n >= 0 && n <= 1e15 ? n : null;
}
