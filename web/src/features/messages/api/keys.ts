/** Every messages query starts with this key, the bell's unread count included (shell). */
export const MESSAGES_KEY = ['messages'] as const;

/** §9: the unread count is polled every 30 s; the open box follows at the same pace. */
export const MESSAGES_POLL_MS = 30_000;
