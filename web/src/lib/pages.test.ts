import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '@stratum/core/contract/common';
import { isStaff, resolvePage } from './pages';

describe('resolvePage', () => {
  it('takes the page from the first path segment', () => {
    expect(resolvePage('/costing', 'user', null)).toEqual({
      page: 'costing',
      tool: null,
      redirectTo: null,
    });
    expect(resolvePage('/planner/some/deep/link', 'user', null).page).toBe('planner');
    expect(resolvePage('/changelog', 'user', null).redirectTo).toBeNull();
  });

  it('opens the remembered page at /, else the dashboard', () => {
    expect(resolvePage('/', 'user', 'forums')).toMatchObject({
      page: 'forums',
      redirectTo: '/forums',
    });
    expect(resolvePage('/', 'user', null)).toMatchObject({
      page: 'dashboard',
      redirectTo: '/dashboard',
    });
    expect(resolvePage('/', 'user', 'nonsense')).toMatchObject({ page: 'dashboard' });
    expect(resolvePage('/', 'user', 'admin')).toMatchObject({ page: 'dashboard' });
  });

  it('shows the dashboard for an unknown page', () => {
    for (const path of ['/nope', '/auth', '/about', '/projects', '/Dashboard']) {
      expect(resolvePage(path, 'owner', null)).toEqual({
        page: 'dashboard',
        tool: null,
        redirectTo: '/dashboard',
      });
    }
  });

  it('opens the admin page only for staff', () => {
    for (const role of ['owner', 'admin', 'moderator', 'helper']) {
      expect(resolvePage('/admin', role, null)).toMatchObject({ page: 'admin', redirectTo: null });
    }
    expect(resolvePage('/admin', 'user', null)).toMatchObject({
      page: 'dashboard',
      redirectTo: '/dashboard',
    });
  });

  it('opens a tool from /tools/<tool> and falls back to /tools', () => {
    expect(resolvePage('/tools/jwt', 'user', null)).toEqual({
      page: 'tools',
      tool: 'jwt',
      redirectTo: null,
    });
    expect(resolvePage('/tools', 'user', null)).toEqual({
      page: 'tools',
      tool: null,
      redirectTo: null,
    });
    expect(resolvePage('/tools/nope', 'user', null)).toEqual({
      page: 'tools',
      tool: null,
      redirectTo: '/tools',
    });
  });

  it('agrees with the contract on who is staff', () => {
    for (const role of STAFF_ROLES) expect(isStaff(role)).toBe(true);
    expect(isStaff('user')).toBe(false);
  });
});
