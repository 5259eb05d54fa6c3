import { ROLES, PLAN_IDS, type TRole } from '@stratum/core/contract/common';
import { ROLE_RANK } from '@stratum/core/admin';
import { PLANS } from '@stratum/core/plans';
import type { SelectOption } from '../../components/select-field';

export const ROLE_LABELS: Record<TRole, string> = {
  user: 'User',
  helper: 'Helper',
  moderator: 'Moderator',
  admin: 'Admin',
  owner: 'Owner',
};

/** "Any …" first, then each value: the options of a list filter. */
export function filterOptions(anyLabel: string, options: readonly SelectOption[]): SelectOption[] {
  return [{ value: '', label: anyLabel }, ...options];
}

export const ROLE_OPTIONS: SelectOption[] = [...ROLES]
  .reverse()
  .map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export const PLAN_OPTIONS: SelectOption[] = PLAN_IDS.map((id) => ({
  value: id,
  label: PLANS[id].name,
}));

export const PAID_PLAN_OPTIONS = PLAN_OPTIONS.filter((o) => o.value !== 'free');

/** The roles `actor` may give (§6): up to their own, never owner. */
export function assignableRoles(actor: TRole): TRole[] {
  return ROLES.filter((role) => role !== 'owner' && ROLE_RANK[role] <= ROLE_RANK[actor]);
}

/** Only the keys with a value: for a list call's `query`. */
export function compactQuery(values: Record<string, string | number | undefined>) {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') query[key] = String(value);
  }
  return query;
}

/** A whole number within bounds, or undefined (with the message to show). */
export function parseWhole(
  text: string,
  min: number,
  max: number,
): { value: number; error?: undefined } | { value?: undefined; error: string } {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isInteger(value) || value < min || value > max) {
    return { error: `Enter a whole number from ${min} to ${max.toLocaleString('en-US')}` };
  }
  return { value };
}
