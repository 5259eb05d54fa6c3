/** Whatever a server (or an older stored copy) sent for a user; only id and email are sure. */
export interface ServerUserInput {
  id: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  designation?: string | null;
  role?: string | null;
  subscriptionType?: string | null;
  credits?: number | null;
  createdAt?: string | null;
  lastLogin?: string | null;
  avatarUrl?: string | null;
}

/** §3 "Client user". */
export interface ClientUser {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  designation: string | null;
  role: string;
  subscription: string;
  credits: number;
  createdAt: string | null;
  lastLoginAt: string | null;
  avatar: string | null;
}

/** Name is first plus last name, else the email; role lowercased (default user); subscription
 * lowercased (default free) with underscores replaced by hyphens. */
export function toClientUser(user: ServerUserInput): ClientUser {
  const firstName = user.firstName?.trim() ?? '';
  const lastName = user.lastName?.trim() ?? '';
  const fullName = [firstName, lastName].filter(Boolean).join(' ');
  return {
    id: user.id,
    email: user.email,
    name: fullName || user.email,
    firstName,
    lastName,
    designation: user.designation || null,
    role: (user.role || 'user').toLowerCase(),
    subscription: (user.subscriptionType || 'free').toLowerCase().replace(/_/g, '-'),
    credits: user.credits ?? 0,
    createdAt: user.createdAt ?? null,
    lastLoginAt: user.lastLogin ?? null,
    avatar: user.avatarUrl || null,
  };
}
