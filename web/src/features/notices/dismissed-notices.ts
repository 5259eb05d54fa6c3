import { dismissedNoticesKey, readString, writeJson } from '../../lib/storage';

/** At most this many ids are kept: old notices expire, so the list need not grow forever. */
const MAX_REMEMBERED = 200;

export function readDismissedNotices(userId: string): string[] {
  try {
    const stored: unknown = JSON.parse(readString(dismissedNoticesKey(userId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberDismissedNotice(userId: string, noticeId: string): string[] {
  const ids = readDismissedNotices(userId).filter((id) => id !== noticeId);
  const next = [...ids, noticeId].slice(-MAX_REMEMBERED);
  writeJson(dismissedNoticesKey(userId), next);
  return next;
}
