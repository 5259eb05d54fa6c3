import { ADMIN_MSG, staffCan, type TStaffPermission } from '@stratum/core/admin';
import { AppError } from './errors';
import type { RequestAuth } from './route';

/** The first line of every staff route: 403 `auth/forbidden` unless the role has the permission. */
export function requireStaff(auth: RequestAuth, permission: TStaffPermission): void {
  if (!staffCan(auth.user.role, permission)) {
    throw new AppError('auth/forbidden', ADMIN_MSG.forbidden);
  }
}
