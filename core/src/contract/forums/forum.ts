import { z } from 'zod';
import { zString, zText } from '../common';
import { FORUM_LIMITS, FORUM_REACTIONS } from '../../forums/rules';

export const ZForumReaction = z.enum(FORUM_REACTIONS);

export const ZForumCategory = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  position: z.number().int(),
  threadCount: z.number().int(),
  lastPostAt: z.string().nullable(),
});
export type TForumCategory = z.infer<typeof ZForumCategory>;

export const ZForumPerson = z.object({ id: z.string().nullable(), name: z.string() });

export const ZForumThreadSummary = z.object({
  id: z.string(),
  title: z.string(),
  category: z.object({ id: z.string(), name: z.string() }),
  author: ZForumPerson,
  /** The opening post's text, without Markdown, shortened. */
  excerpt: z.string(),
  replyCount: z.number().int(),
  createdAt: z.string(),
  lastPostAt: z.string(),
  isPinned: z.boolean(),
  isLocked: z.boolean(),
  /** Only moderators ever see a hidden thread. */
  isHidden: z.boolean(),
});
export type TForumThreadSummary = z.infer<typeof ZForumThreadSummary>;

export const ZForumPost = z.object({
  id: z.string(),
  threadId: z.string(),
  isOpening: z.boolean(),
  author: ZForumPerson,
  /** The Markdown as written. */
  source: z.string(),
  /** The server's sanitised rendering of `source`: the only HTML a client shows. */
  html: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** For the viewer's own post: until when they may edit it; else null. */
  editableUntil: z.string().nullable(),
  reactions: z.array(
    z.object({ reaction: ZForumReaction, count: z.number().int(), isMine: z.boolean() }),
  ),
  /** Only moderators ever see a hidden post, with why it was hidden. */
  isHidden: z.boolean(),
  hiddenReason: z.string().nullable(),
});
export type TForumPost = z.infer<typeof ZForumPost>;

export const ZForumThread = ZForumThreadSummary.extend({
  isSubscribed: z.boolean(),
  /** Whether the viewer may moderate (pin, lock, move, hide, delete). */
  canModerate: z.boolean(),
  /** Whether the viewer may reply now (signed in and the thread is open, or a moderator). */
  canReply: z.boolean(),
});
export type TForumThread = z.infer<typeof ZForumThread>;

/** Markdown a user writes: bounded and storable; not angle-bracket-stripped, the renderer sanitises. */
export const zForumBody = () =>
  zString(FORUM_LIMITS.body)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'Write something first'));

export const zForumTitle = () =>
  zText(FORUM_LIMITS.title).pipe(
    z
      .string()
      .min(FORUM_LIMITS.titleMin, `A title needs at least ${FORUM_LIMITS.titleMin} characters`),
  );

/** Why a moderator acts; required where the action hides or removes something. */
export const zModerationReason = () =>
  zText(FORUM_LIMITS.reason).pipe(z.string().min(1, 'Give a reason'));
