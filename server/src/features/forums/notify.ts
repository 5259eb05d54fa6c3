import { mentionsIn } from '@stratum/core/forums/rules';
import type { Inbox } from '@stratum/core/inbox';
import type { Db } from '../../db/database';
import { subscribersOf, usersByHandles, type Recipient } from './repository';
import { withForumTables } from './tables';

export interface PostNotice {
  threadId: string;
  threadTitle: string;
  authorId: string;
  authorName: string;
  excerpt: string;
}

const quoted = (title: string) => `“${title.length > 120 ? `${title.slice(0, 119)}…` : title}”`;
const recipientOf = (r: Recipient) => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
});

/**
 * Messages for a new or edited post, in the transaction that saves it: everyone it newly
 * mentions, then (for a reply) the thread's subscribers not already told. Never the author.
 * Answers who was mentioned.
 */
export async function notifyForPost(
  trx: Db,
  inbox: Inbox<Db>,
  origin: string,
  notice: PostNotice & { source: string; previousSource?: string; isReply: boolean },
): Promise<string[]> {
  const db = withForumTables(trx);
  const before = new Set(notice.previousSource ? mentionsIn(notice.previousSource) : []);
  const handles = mentionsIn(notice.source).filter((h) => !before.has(h));
  const mentioned = (await usersByHandles(db, handles)).filter((u) => u.id !== notice.authorId);
  const link = `${origin}/forums?thread=${notice.threadId}`;
  const told = new Set<string>();
  for (const user of mentioned) {
    if (told.has(user.id)) continue;
    told.add(user.id);
    await inbox.sendSystem(trx, recipientOf(user), {
      subject: `${notice.authorName} mentioned you in ${quoted(notice.threadTitle)}`,
      body: `${notice.authorName} mentioned you in the forums:\n\n${notice.excerpt}\n\nOpen the thread: ${link}`,
    });
  }
  if (notice.isReply) {
    const subscribers = await subscribersOf(db, notice.threadId, [notice.authorId, ...told]);
    for (const user of subscribers) {
      await inbox.sendSystem(trx, recipientOf(user), {
        subject: `New reply in ${quoted(notice.threadTitle)}`,
        body: `${notice.authorName} replied:\n\n${notice.excerpt}\n\nOpen the thread: ${link}\nYou follow this thread; stop following it from the thread's page.`,
      });
    }
  }
  return [...told];
}
