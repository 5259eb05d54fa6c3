import { ROLES, type TRole } from '@stratum/core/contract/common';
import { ROLE_RANK } from '@stratum/core/admin';
import type { SelectOption } from '../../components/select-field';

/** Kept for database-tab.tsx until the database feature replaces it. */
export { parseWhole } from '../../lib/list-query';

export const ROLE_LABELS: Record<TRole, string> = {
  user: 'User',
  helper: 'Helper',
  moderator: 'Moderator',
  admin: 'Admin',
  owner: 'Owner',
};

export const ROLE_OPTIONS: SelectOption[] = [...ROLES]
  .reverse()
  .map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** The roles `actor` may give (§6): up to their own, never owner. */
export function assignableRoles(actor: TRole): TRole[] {
  return ROLES.filter((role) => role !== 'owner' && ROLE_RANK[role] <= ROLE_RANK[actor]);
}
