import { describe, expect, it } from 'vitest';
import { ROLES, type TRole } from './contract/common';
import { ADMIN_MSG, canManageUser, staffCan, STAFF_PERMISSIONS } from './admin';

describe('staff permissions', () => {
  it('lets owner and admin do everything and plain users nothing', () => {
    for (const permission of STAFF_PERMISSIONS) {
      expect(staffCan('owner', permission)).toBe(true);
      expect(staffCan('admin', permission)).toBe(true);
      expect(staffCan('user', permission)).toBe(false);
    }
  });

  it('keeps helpers read-only', () => {
    const allowed = STAFF_PERMISSIONS.filter((p) => staffCan('helper', p));
    expect(allowed.every((p) => p.endsWith('.read'))).toBe(true);
    expect(allowed).toContain('users.read');
    expect(allowed).not.toContain('system.manage');
  });

  it('lets moderators process requests, manage notices and disable, not change roles', () => {
    expect(staffCan('moderator', 'requests.process')).toBe(true);
    expect(staffCan('moderator', 'notices.manage')).toBe(true);
    expect(staffCan('moderator', 'users.disable')).toBe(true);
    expect(staffCan('moderator', 'users.role')).toBe(false);
    expect(staffCan('moderator', 'users.delete')).toBe(false);
    expect(staffCan('moderator', 'vouchers.manage')).toBe(false);
  });
});

describe('canManageUser', () => {
  const who = (role: TRole, id: string = role) => ({ id, role });

  it('only owner and admin change roles', () => {
    for (const role of ROLES) {
      const verdict = canManageUser(who(role), who('user', 'target'), 'role', 'helper');
      expect(verdict.isAllowed).toBe(role === 'owner' || role === 'admin');
    }
  });

  it('never demotes, disables or deletes the owner, not even the owner', () => {
    for (const action of ['role', 'disable', 'delete'] as const) {
      expect(canManageUser(who('admin'), who('owner'), action, 'user')).toEqual({
        isAllowed: false,
        message: ADMIN_MSG.ownerProtected,
      });
      expect(canManageUser(who('owner'), who('owner'), action, 'admin').isAllowed).toBe(false);
    }
  });

  it('never gives the owner role and never a role above the actor', () => {
    expect(canManageUser(who('owner'), who('user', 'u'), 'role', 'owner')).toMatchObject({
      message: ADMIN_MSG.ownerNotAssignable,
    });
    expect(canManageUser(who('admin'), who('user', 'u'), 'role', 'admin').isAllowed).toBe(true);
    expect(canManageUser(who('owner'), who('admin', 'a'), 'role', 'user').isAllowed).toBe(true);
  });

  it('manages only lower roles, and not oneself', () => {
    expect(canManageUser(who('admin', 'a1'), who('admin', 'a2'), 'disable')).toMatchObject({
      message: ADMIN_MSG.outranked,
    });
    expect(canManageUser(who('moderator'), who('user', 'u'), 'disable').isAllowed).toBe(true);
    expect(canManageUser(who('moderator'), who('helper', 'h'), 'disable').isAllowed).toBe(true);
    expect(canManageUser(who('moderator'), who('moderator', 'm2'), 'disable').isAllowed).toBe(
      false,
    );
    expect(canManageUser(who('admin'), who('admin'), 'delete')).toMatchObject({
      message: ADMIN_MSG.notYourself,
    });
    expect(canManageUser(who('helper'), who('user', 'u'), 'disable')).toMatchObject({
      message: ADMIN_MSG.forbidden,
    });
  });

  it('lets the owner set their own plan and credits, nobody else theirs', () => {
    expect(canManageUser(who('owner'), who('owner'), 'plan').isAllowed).toBe(true);
    expect(canManageUser(who('owner'), who('owner'), 'credits').isAllowed).toBe(true);
    expect(canManageUser(who('admin'), who('owner', 'o'), 'credits').isAllowed).toBe(false);
    expect(canManageUser(who('admin'), who('admin'), 'credits').isAllowed).toBe(false);
    expect(canManageUser(who('admin'), who('moderator', 'm'), 'plan').isAllowed).toBe(true);
  });
});
