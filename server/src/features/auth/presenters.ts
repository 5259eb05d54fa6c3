import type { TServerUser } from '@stratum/core/contract/common';
import type { UserRow } from '../../db/schema';

/** The only place a user row becomes an API shape: no hash, code or secret can pass. */
export function presentUser(row: UserRow): TServerUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    designation: row.designation,
    role: row.role,
    subscriptionType: row.subscription_type,
    credits: row.credits,
    lastLogin: row.last_login_at ? row.last_login_at.toISOString() : null,
    avatarUrl: row.avatar_url,
  };
}
