import type { TSiteNotice } from '@stratum/core/contract/notices/site-notice';

/**
 * The notices the banner shows now (§4): those the server sent, minus the ones this user
 * dismissed (on the server or locally) and the ones whose expiry has passed since the last
 * refresh. The server's order (priority, then newest) is kept.
 */
export function visibleNotices(
  notices: readonly TSiteNotice[],
  dismissed: ReadonlySet<string>,
  now: Date,
): TSiteNotice[] {
  return notices.filter(
    (notice) =>
      notice.isActive &&
      !dismissed.has(notice.id) &&
      (notice.expiresAt === null || new Date(notice.expiresAt).getTime() > now.getTime()),
  );
}

/** The notice after `index` in a list of `count`, wrapping round; 0 for an empty list. */
export function nextIndex(index: number, count: number): number {
  return count === 0 ? 0 : (index + 1) % count;
}

/** `index` kept inside a list that may have shrunk (a dismissal, an expiry, a refresh). */
export function clampIndex(index: number, count: number): number {
  return count === 0 ? 0 : Math.min(Math.max(index, 0), count - 1);
}
