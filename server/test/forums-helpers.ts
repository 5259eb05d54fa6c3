import { expect } from 'vitest';
import type { TRole } from '@stratum/core/contract/common';
import { json, type TestServer } from './harness';
import { callerFor, signUpAs, type Account, type Caller } from './staff';

export interface Member extends Account {
  call: Caller;
}

export async function member(server: TestServer, role: TRole = 'user'): Promise<Member> {
  const account = await signUpAs(server, role);
  return { ...account, call: callerFor(server, account) };
}

let categories = 0;
/** A category of its own, so a test's lists hold only its threads. */
export async function newCategory(moderator: Member): Promise<string> {
  categories += 1;
  const res = await moderator.call('POST', '/api/forums/categories', {
    name: `Test ${Date.now().toString(36)} ${categories} ${Math.random().toString(36).slice(2, 6)}`,
    description: 'For the tests',
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { category: { id: string } } }>(res).data.category.id;
}

export interface ThreadAnswer {
  thread: { id: string; title: string; isLocked: boolean; isSubscribed: boolean };
  posts: {
    id: string;
    html: string;
    source: string;
    isHidden: boolean;
    editableUntil: string | null;
    reactions: { reaction: string; count: number; isMine: boolean }[];
  }[];
  totalPosts: number;
}

export async function newThread(
  author: Member,
  categoryId: string,
  body = 'Opening **post**',
  title = 'A thread for the tests',
): Promise<ThreadAnswer> {
  const res = await author.call('POST', '/api/forums/threads', { categoryId, title, body });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: ThreadAnswer }>(res).data;
}

export async function readThread(reader: Member, threadId: string) {
  const res = await reader.call('GET', `/api/forums/threads/${threadId}`);
  return {
    status: res.statusCode,
    data: res.statusCode === 200 ? json<{ data: ThreadAnswer }>(res).data : undefined,
  };
}

/** The subjects of the system messages in someone's inbox. */
export async function inboxSubjects(server: TestServer, userId: string): Promise<string[]> {
  const rows = await server.db
    .selectFrom('messages')
    .select('subject')
    .where('recipient_id', '=', userId)
    .where('kind', '=', 'system')
    .execute();
  return rows.map((r) => r.subject);
}
