import { describe, expect, it } from 'vitest';
import { toClientUser } from './client-user';

describe('toClientUser', () => {
  it('maps the server user to the client user of §3', () => {
    const user = toClientUser({
      id: 'u1',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      designation: 'Engineer',
      role: 'ADMIN',
      subscriptionType: 'ULTRA_PRO',
      credits: 12,
      lastLogin: '2026-01-01T00:00:00.000Z',
      avatarUrl: 'https://example.com/a.png',
    });
    expect(user).toEqual({
      id: 'u1',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      designation: 'Engineer',
      role: 'admin',
      subscription: 'ultra-pro',
      credits: 12,
      createdAt: null,
      lastLoginAt: '2026-01-01T00:00:00.000Z',
      avatar: 'https://example.com/a.png',
    });
  });

  it('falls back to the email for the name, user for the role and free for the plan', () => {
    const user = toClientUser({ id: 'u2', email: 'x@example.com', firstName: ' ', role: null });
    expect(user.name).toBe('x@example.com');
    expect(user.role).toBe('user');
    expect(user.subscription).toBe('free');
    expect(user.credits).toBe(0);
    expect(user.avatar).toBeNull();
  });

  it('uses whichever name part exists', () => {
    expect(toClientUser({ id: 'u3', email: 'y@example.com', lastName: 'Hopper' }).name).toBe(
      'Hopper',
    );
  });
});
