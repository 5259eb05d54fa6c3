import type { TAdminUser } from '@stratum/core/contract/admin/admin-user';
import type { UserRow } from '../../db/schema';

/** The only place a user row becomes what staff see: never a hash or code. */
export function presentAdminUser(row: UserRow): TAdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    designation: row.designation,
    role: row.role,
    subscriptionType: row.subscription_type,
    credits: row.credits,
    lastLogin: row.last_login_at?.toISOString() ?? null,
    avatarUrl: row.avatar_url,
    createdAt: row.created_at.toISOString(),
    isEmailVerified: row.email_verified_at !== null,
    isDisabled: row.disabled_at !== null,
    disabledAt: row.disabled_at?.toISOString() ?? null,
  };
}
