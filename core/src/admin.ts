import type { TRole } from './contract/common';

/**
 * What each staff role may do in the admin panel. The server checks it on every staff route;
 * the web uses the same table to show or hide controls.
 */
export const STAFF_PERMISSIONS = [
  'users.read',
  'users.disable',
  'users.plan',
  'users.credits',
  'users.role',
  'users.delete',
  'requests.read',
  'requests.process',
  'vouchers.read',
  'vouchers.manage',
  'notices.read',
  'notices.manage',
  'errorLogs.read',
  'errorLogs.clear',
  'templates.read',
  'templates.manage',
  'system.manage',
  'database.manage',
  'audit.read',
  /** Organisation-wide tag keys and policies. */
  'tags.manage',
] as const;
export type TStaffPermission = (typeof STAFF_PERMISSIONS)[number];

const READ_ONLY: readonly TStaffPermission[] = [
  'users.read',
  'requests.read',
  'vouchers.read',
  'notices.read',
  'errorLogs.read',
  'templates.read',
  'audit.read',
];

/**
 * owner and admin: everything. moderator: reads, processes activation requests, manages site
 * notices and disables accounts below it. helper: reads only. user: nothing.
 */
const BY_ROLE: Record<TRole, readonly TStaffPermission[]> = {
  owner: STAFF_PERMISSIONS,
  admin: STAFF_PERMISSIONS,
  moderator: [...READ_ONLY, 'requests.process', 'notices.manage', 'users.disable'],
  helper: READ_ONLY,
  user: [],
};

export function staffCan(role: TRole, permission: TStaffPermission): boolean {
  return BY_ROLE[role].includes(permission);
}

export function permissionsOf(role: TRole): readonly TStaffPermission[] {
  return BY_ROLE[role];
}

export const isStaff = (role: TRole): boolean => role !== 'user';

/** Higher ranks manage lower ones. */
export const ROLE_RANK: Record<TRole, number> = {
  user: 0,
  helper: 1,
  moderator: 2,
  admin: 3,
  owner: 4,
};

export type TUserAction = 'role' | 'plan' | 'credits' | 'disable' | 'delete';

const PERMISSION_BY_ACTION: Record<TUserAction, TStaffPermission> = {
  role: 'users.role',
  plan: 'users.plan',
  credits: 'users.credits',
  disable: 'users.disable',
  delete: 'users.delete',
};

export const ADMIN_MSG = {
  forbidden: 'You do not have permission to do this',
  ownerProtected: 'The owner cannot be demoted, disabled or deleted',
  notYourself: 'You cannot do this to your own account',
  outranked: 'You can only manage accounts with a lower role than yours',
  ownerNotAssignable: 'The owner role cannot be given',
  roleAboveYours: 'You cannot give a role higher than your own',
  userNotFound: 'User not found',
  // §8, word for word
  databaseNotConfigured: 'Database not configured',
  databaseNotConnected: 'Database not connected',
  mailingNotConfigured: 'Mailing service not configured',
  templateNotFound: 'Template not found',
  smtpIncomplete: 'SMTP configuration incomplete',
  invalidProvider: 'Invalid provider configuration',
} as const;

export interface TActor {
  id: string;
  role: TRole;
}

export type ManageVerdict = { isAllowed: true } | { isAllowed: false; message: string };

/**
 * Whether `actor` may do `action` to `target`. Only owner and admin change roles; nobody
 * demotes, disables or deletes the owner; nobody changes their own role, disables or deletes
 * themselves; a role can only be given up to the actor's own, and never owner; apart from the
 * owner's own plan and credits, an account is managed only by a higher role.
 */
export function canManageUser(
  actor: TActor,
  target: TActor,
  action: TUserAction,
  newRole?: TRole,
): ManageVerdict {
  const deny = (message: string): ManageVerdict => ({ isAllowed: false, message });
  if (!staffCan(actor.role, PERMISSION_BY_ACTION[action])) return deny(ADMIN_MSG.forbidden);
  const isSelf = actor.id === target.id;
  const isPlanOrCredits = action === 'plan' || action === 'credits';
  if (target.role === 'owner' && !isPlanOrCredits) return deny(ADMIN_MSG.ownerProtected);
  if (isSelf && !isPlanOrCredits) return deny(ADMIN_MSG.notYourself);
  if (isSelf && actor.role === 'owner') return { isAllowed: true };
  if (ROLE_RANK[target.role] >= ROLE_RANK[actor.role]) return deny(ADMIN_MSG.outranked);
  if (action === 'role' && newRole !== undefined) {
    if (newRole === 'owner') return deny(ADMIN_MSG.ownerNotAssignable);
    if (ROLE_RANK[newRole] > ROLE_RANK[actor.role]) return deny(ADMIN_MSG.roleAboveYours);
  }
  return { isAllowed: true };
}
