/** The admin feature's query keys (users and activation requests). */
export const ADMIN_KEYS = {
  users: ['admin', 'users'] as const,
  userList: (query: Record<string, string>) => ['admin', 'users', query] as const,
  requests: ['admin', 'requests'] as const,
  requestList: (query: Record<string, string>) => ['admin', 'requests', query] as const,
};
