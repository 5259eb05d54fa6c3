/** §3 Site notice types; the type decides the banner's colours and icon. */
export const NOTICE_TYPES = ['info', 'warning', 'success', 'error'] as const;
export type TNoticeType = (typeof NOTICE_TYPES)[number];

export type TNoticePriorityLabel = 'High' | 'Medium' | 'Low';

/** §2 and §9: 2 or more High, 1 Medium, 0 or less Low (thresholds 2 and 1). */
export function noticePriorityLabel(priority: number): TNoticePriorityLabel {
  if (priority >= 2) return 'High';
  if (priority >= 1) return 'Medium';
  return 'Low';
}

/** §9: the banner reloads every 60 s and rotates every 5 s when there are several notices. */
export const NOTICE_REFRESH_MS = 60_000;
export const NOTICE_ROTATION_MS = 5_000;

/** Bounds the server enforces on a notice. */
export const NOTICE_LIMITS = {
  titleMax: 200,
  messageMax: 2000,
  priorityMin: -100,
  priorityMax: 100,
} as const;

export const NOTICE_MSG = {
  loadFailed: 'Failed to load site notices',
  notFound: 'Site notice not found',
  notDismissible: 'This notice cannot be dismissed',
  dismissed: 'Notice dismissed',
  loaded: (count: number) => `${count} active site notice${count === 1 ? '' : 's'}`,
} as const;

interface NoticeTiming {
  isActive: boolean;
  expiresAt: Date | null;
  priority: number;
  createdAt: Date;
}

/** Whether a notice shows now: active and not yet expired. */
export function isNoticeLive(notice: NoticeTiming, now: Date): boolean {
  return notice.isActive && (notice.expiresAt === null || notice.expiresAt > now);
}

/** Banner order: priority, highest first; then the newest first. */
export function compareNotices(a: NoticeTiming, b: NoticeTiming): number {
  return b.priority - a.priority || b.createdAt.getTime() - a.createdAt.getTime();
}
