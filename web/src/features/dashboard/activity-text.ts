import type {
  TActivityItem,
  TActivityKind,
} from '@stratum/core/contract/activity/list-recent-activity';

const TITLES: Record<TActivityKind, string> = {
  'account-created': 'Account created',
  'email-verified': 'Email address verified',
  'signed-in': 'Signed in',
  'session-ended': 'Session ended',
};

export function activityTitle(item: TActivityItem): string {
  return TITLES[item.kind];
}

/** "Chrome on Linux · 10.0.0.1", whatever of it is known. */
export function activityDetail(item: TActivityItem): string | null {
  return [item.device, item.ip].filter(Boolean).join(' · ') || null;
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", else the date. */
export function relativeTime(iso: string, now: number): string {
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  if (days < 7) return `${days} day${days === 1 ? '' : 's'} ago`;
  return new Date(iso).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}
