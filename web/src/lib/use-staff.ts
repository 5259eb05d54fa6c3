import { useCallback } from 'react';
import { ROLES, type TRole } from '@stratum/core/contract/common';
import { staffCan, type TActor, type TStaffPermission } from '@stratum/core/admin';
import { useCurrentUser } from './session';

function asRole(role: string): TRole {
  return (ROLES as readonly string[]).includes(role) ? (role as TRole) : 'user';
}

/**
 * The signed-in staff member and what core's permission table lets them do; the panel hides or
 * disables what they may not use, and the server decides anyway.
 */
export function useStaff(): {
  actor: TActor;
  email: string;
  can: (p: TStaffPermission) => boolean;
} {
  const user = useCurrentUser();
  const role = asRole(user.role);
  const can = useCallback((permission: TStaffPermission) => staffCan(role, permission), [role]);
  return { actor: { id: user.id, role }, email: user.email, can };
}
