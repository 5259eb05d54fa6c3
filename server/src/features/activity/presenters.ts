import type { TActivityItem } from '@stratum/core/contract/activity/list-recent-activity';
import type { UserRow } from '../../db/schema';
import type { SessionEventRow } from './repository';

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/HeadlessChrome\//, 'Headless Chrome'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Linux" from a user-agent header; the product token for tools like curl. */
export function describeDevice(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system) as string;
  const product = /^([A-Za-z][\w.-]{0,40})\//.exec(userAgent)?.[1];
  return product ?? 'Unknown device';
}

/** Merges account and session events into one list, newest first. */
export function presentActivity(
  user: UserRow,
  sessions: SessionEventRow[],
  currentSessionId: string,
  limit: number,
): TActivityItem[] {
  const items: (TActivityItem & { time: number })[] = [];
  const push = (item: Omit<TActivityItem, 'at'>, at: Date) =>
    items.push({ ...item, at: at.toISOString(), time: at.getTime() });
  push(
    {
      id: `account-${user.id}`,
      kind: 'account-created',
      device: null,
      ip: null,
      isCurrentSession: false,
    },
    user.created_at,
  );
  if (user.email_verified_at) {
    push(
      {
        id: `verified-${user.id}`,
        kind: 'email-verified',
        device: null,
        ip: null,
        isCurrentSession: false,
      },
      user.email_verified_at,
    );
  }
  for (const session of sessions) {
    const base = {
      device: describeDevice(session.user_agent),
      ip: session.ip,
      isCurrentSession: session.id === currentSessionId,
    };
    push({ id: `signin-${session.id}`, kind: 'signed-in', ...base }, session.created_at);
    if (session.revoked_at) {
      push({ id: `ended-${session.id}`, kind: 'session-ended', ...base }, session.revoked_at);
    }
  }
  return items
    .sort((a, b) => b.time - a.time)
    .slice(0, limit)
    .map(({ time: _time, ...item }) => item);
}
