import { ROLE_RANK } from '../admin';
import type { TRole } from '../contract/common';

/** §9: the forum lists (and their prefetch) hold 20 threads a page. */
export const FORUM_PAGE_SIZE = 20;
/** Replies shown on one page of a thread. */
export const FORUM_POSTS_PAGE_SIZE = 50;
/** An author may change a post for this long after writing it; moderators hide or delete. */
export const FORUM_EDIT_WINDOW_MINUTES = 30;

export const FORUM_LIMITS = {
  categoryName: 60,
  categoryDescription: 500,
  title: 200,
  titleMin: 5,
  body: 20_000,
  reason: 500,
  mentionsPerPost: 10,
} as const;

/** The fixed set of reactions, each a toggle per user and post. */
export const FORUM_REACTIONS = ['like', 'heart', 'laugh', 'hooray', 'confused', 'eyes'] as const;
export type TForumReaction = (typeof FORUM_REACTIONS)[number];
export const REACTION_EMOJI: Record<TForumReaction, string> = {
  like: '👍',
  heart: '❤️',
  laugh: '😄',
  hooray: '🎉',
  confused: '😕',
  eyes: '👀',
};

/**
 * Against spam: at most this many new threads and replies per user in each window, counted
 * across every server process. Moderators and above are not limited.
 */
export const FORUM_RATE_LIMITS = {
  thread: [
    { limit: 3, windowSeconds: 60 },
    { limit: 20, windowSeconds: 3600 },
  ],
  reply: [
    { limit: 10, windowSeconds: 60 },
    { limit: 120, windowSeconds: 3600 },
  ],
} as const;

/** Moderator, admin and owner moderate the forums and manage their categories. */
export const canModerateForums = (role: TRole): boolean => ROLE_RANK[role] >= ROLE_RANK.moderator;

/** When the author's edit window of a post written at `createdAt` closes. */
export function editWindowEnd(createdAt: Date): Date {
  return new Date(createdAt.getTime() + FORUM_EDIT_WINDOW_MINUTES * 60_000);
}

export function isWithinEditWindow(createdAt: Date, now: Date): boolean {
  return now.getTime() < editWindowEnd(createdAt).getTime();
}

/** Code spans and fenced or indented code blocks: an @ inside them mentions nobody. */
const CODE =
  /```[\s\S]*?(?:```|(?![\s\S]))|~~~[\s\S]*?(?:~~~|(?![\s\S]))|`[^`\n]*`|^(?: {4}|\t).*$/gm;
const MENTION =
  /(^|[^\w.@/\\`-])@([a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+|[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?)/gi;

/**
 * The people a Markdown post mentions, lower-cased and de-duplicated in order: `@ada@example.com`
 * (an address) or `@ada` (the part of an address before the @). At most `FORUM_LIMITS.mentionsPerPost`.
 */
export function mentionsIn(source: string): string[] {
  const text = source.replace(CODE, ' ');
  const found: string[] = [];
  for (const match of text.matchAll(MENTION)) {
    const handle = (match[2] ?? '').toLowerCase();
    if (handle && !found.includes(handle)) found.push(handle);
    if (found.length === FORUM_LIMITS.mentionsPerPost) break;
  }
  return found;
}
