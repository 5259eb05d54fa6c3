import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryState } from '../src/lib/shared-state';
import { bearer, json, startTestServer, type TestServer } from './harness';
import {
  inboxSubjects,
  member,
  newCategory,
  newThread,
  readThread,
  type Member,
} from './forums-helpers';

let server: TestServer;
let moderator: Member;
beforeAll(async () => {
  server = await startTestServer();
  moderator = await member(server, 'moderator');
});
afterAll(() => server.close());

describe('moderation', () => {
  it('a hidden post or thread is invisible to users and shown to moderators', async () => {
    const category = await newCategory(moderator);
    const author = await member(server);
    const reader = await member(server, 'helper');
    const { thread } = await newThread(author, category);
    const reply = json<{ data: { post: { id: string } } }>(
      await author.call('POST', `/api/forums/threads/${thread.id}/posts`, { body: 'spam spam' }),
    ).data.post;
    const noReason = await moderator.call('PUT', `/api/forums/posts/${reply.id}/hidden`, {
      isHidden: true,
    });
    expect(noReason.statusCode).toBe(400);
    await moderator.call('PUT', `/api/forums/posts/${reply.id}/hidden`, {
      isHidden: true,
      reason: 'Spam',
    });
    expect((await readThread(reader, thread.id)).data?.posts.map((p) => p.id)).not.toContain(
      reply.id,
    );
    expect((await readThread(author, thread.id)).data?.totalPosts).toBe(1);
    expect(
      (await readThread(moderator, thread.id)).data?.posts.find((p) => p.id === reply.id),
    ).toMatchObject({ isHidden: true });

    // Hiding the opening post hides the thread from readers too.
    const other = await newThread(author, category, 'Spam opening', 'Spam thread');
    await moderator.call('PUT', `/api/forums/posts/${other.posts[0]?.id}/hidden`, {
      isHidden: true,
      reason: 'Spam',
    });
    expect((await readThread(reader, other.thread.id)).status).toBe(404);
    expect((await readThread(moderator, other.thread.id)).status).toBe(200);

    await moderator.call('PUT', `/api/forums/threads/${thread.id}/hidden`, {
      isHidden: true,
      reason: 'Off topic',
    });
    expect((await readThread(reader, thread.id)).status).toBe(404);
    const listed = (m: Member) =>
      m
        .call('GET', `/api/forums/threads?categoryId=${category}`)
        .then((r) => json<{ data: { total: number } }>(r).data.total);
    expect(await listed(reader)).toBe(0);
    expect(await listed(moderator)).toBe(2);
  });

  it('moves and deletes with a reason, each in the audit trail', async () => {
    const from = await newCategory(moderator);
    const to = await newCategory(moderator);
    const author = await member(server);
    const { thread } = await newThread(author, from);
    expect(
      (await moderator.call('PUT', `/api/forums/threads/${thread.id}/category`, { categoryId: to }))
        .statusCode,
    ).toBe(200);
    expect((await readThread(author, thread.id)).data?.thread).toMatchObject({
      category: { id: to },
    });
    const noReason = await moderator.call('DELETE', `/api/forums/threads/${thread.id}`, {});
    expect(noReason.statusCode).toBe(400);
    expect(
      (await moderator.call('DELETE', `/api/forums/threads/${thread.id}`, { reason: 'Duplicate' }))
        .statusCode,
    ).toBe(200);
    expect((await readThread(moderator, thread.id)).status).toBe(404);
    const actions = await server.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target_id', '=', thread.id)
      .orderBy('at')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'forums.thread_create',
      'forums.move',
      'forums.delete',
    ]);
    expect(actions[2]?.after).toEqual({ reason: 'Duplicate' });
  });

  it('users cannot moderate, whatever they try', async () => {
    const category = await newCategory(moderator);
    const author = await member(server);
    const { thread, posts } = await newThread(author, category);
    for (const role of ['user', 'helper'] as const) {
      const someone = role === 'user' ? author : await member(server, role);
      const attempts = [
        someone.call('PUT', `/api/forums/threads/${thread.id}/pinned`, { isPinned: true }),
        someone.call('PUT', `/api/forums/threads/${thread.id}/locked`, { isLocked: true }),
        someone.call('PUT', `/api/forums/threads/${thread.id}/hidden`, {
          isHidden: true,
          reason: 'x',
        }),
        someone.call('PUT', `/api/forums/threads/${thread.id}/category`, { categoryId: category }),
        someone.call('PUT', `/api/forums/posts/${posts[0]?.id}/hidden`, {
          isHidden: true,
          reason: 'x',
        }),
        someone.call('DELETE', `/api/forums/threads/${thread.id}`, { reason: 'x' }),
        someone.call('GET', '/api/forums/reports'),
      ];
      for (const res of await Promise.all(attempts))
        expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
    }
    expect((await readThread(author, thread.id)).data?.thread).toMatchObject({ isLocked: false });
  });

  it('reports reach the moderators’ queue and are resolved', async () => {
    const category = await newCategory(moderator);
    const author = await member(server);
    const reporter = await member(server);
    const { posts } = await newThread(author, category, 'Buy cheap pills');
    const own = await author.call('POST', `/api/forums/posts/${posts[0]?.id}/reports`, {
      reason: 'mine',
    });
    expect(own.statusCode).toBe(400);
    const report = await reporter.call('POST', `/api/forums/posts/${posts[0]?.id}/reports`, {
      reason: 'Spam',
    });
    expect(report.statusCode, report.body).toBe(200);
    const queue = json<{ data: { items: { id: string; reason: string; post: { id: string } }[] } }>(
      await moderator.call('GET', '/api/forums/reports?pageSize=100'),
    ).data.items;
    const mine = queue.find((r) => r.post.id === posts[0]?.id);
    expect(mine).toMatchObject({ reason: 'Spam' });
    const resolve = await moderator.call('POST', `/api/forums/reports/${mine?.id}/resolve`, {
      outcome: 'dismissed',
    });
    expect(resolve.statusCode, resolve.body).toBe(200);
    const again = await moderator.call('POST', `/api/forums/reports/${mine?.id}/resolve`, {
      outcome: 'actioned',
    });
    expect(again.statusCode, again.body).toBe(200);
    const open = json<{ data: { items: { id: string }[] } }>(
      await moderator.call('GET', '/api/forums/reports?pageSize=100'),
    ).data.items;
    expect(open.map((r) => r.id)).not.toContain(mine?.id);
  });
});

describe('notifications', () => {
  it('mentions by handle or address send a message, once, never to the author', async () => {
    const category = await newCategory(moderator);
    const author = await member(server);
    const byHandle = await member(server);
    const byAddress = await member(server);
    const handle = byHandle.email.split('@')[0] ?? '';
    await newThread(
      author,
      category,
      `Ping @${handle} and @${byAddress.email} and @${handle} and \`@${author.email}\``,
      'Mentions at work',
    );
    expect(await inboxSubjects(server, byHandle.userId)).toEqual([
      'Test User mentioned you in “Mentions at work”',
    ]);
    expect(await inboxSubjects(server, byAddress.userId)).toHaveLength(1);
    expect(await inboxSubjects(server, author.userId)).toEqual([]);
  });

  it('subscribers hear of new replies until they stop following', async () => {
    const category = await newCategory(moderator);
    const author = await member(server);
    const follower = await member(server);
    const replier = await member(server);
    const { thread } = await newThread(author, category, 'Question', 'Subscribed thread');
    const follow = await follower.call('PUT', `/api/forums/threads/${thread.id}/subscription`, {
      isSubscribed: true,
    });
    expect(json(follow)).toMatchObject({ data: { isSubscribed: true } });
    await replier.call('POST', `/api/forums/threads/${thread.id}/posts`, { body: 'An answer' });
    expect(await inboxSubjects(server, author.userId)).toEqual([
      'New reply in “Subscribed thread”',
    ]);
    expect(await inboxSubjects(server, follower.userId)).toHaveLength(1);
    expect(await inboxSubjects(server, replier.userId)).toHaveLength(0);
    await follower.call('PUT', `/api/forums/threads/${thread.id}/subscription`, {
      isSubscribed: false,
    });
    await author.call('POST', `/api/forums/threads/${thread.id}/posts`, { body: 'Thanks' });
    expect(await inboxSubjects(server, follower.userId)).toHaveLength(1);
    // The replier follows the thread since replying, and hears of the author's answer.
    expect(await inboxSubjects(server, replier.userId)).toHaveLength(1);
  });
});

describe('rate limits', () => {
  it('allow 3 new threads a minute per user, and moderators more', async () => {
    const category = await newCategory(moderator);
    const author = await member(server);
    for (let i = 0; i < 3; i += 1) await newThread(author, category);
    const fourth = await author.call('POST', '/api/forums/threads', {
      categoryId: category,
      title: 'One too many',
      body: 'x',
    });
    expect(fourth.statusCode).toBe(429);
    expect(json(fourth)).toMatchObject({ code: 'request/rate_limited', retryAfterSeconds: 60 });
    const other = await member(server);
    await newThread(other, category);
  });

  it('hold across server processes that share their counters', async () => {
    const shared = createMemoryState();
    const [one, two] = await Promise.all([
      startTestServer({}, shared),
      startTestServer({}, shared),
    ]);
    try {
      const author = await member(one);
      const category = await newCategory(moderator);
      const post = (app: TestServer) =>
        app.app.inject({
          method: 'POST',
          url: '/api/forums/threads',
          headers: bearer(author.token),
          payload: { categoryId: category, title: 'Spread over two processes', body: 'x' },
        });
      expect((await post(one)).statusCode).toBe(200);
      expect((await post(two)).statusCode).toBe(200);
      expect((await post(one)).statusCode).toBe(200);
      expect((await post(two)).statusCode).toBe(429);
    } finally {
      await Promise.all([one.close(), two.close(), shared.close()]);
    }
  });

  it('allow 10 replies a minute per user', async () => {
    const category = await newCategory(moderator);
    const author = await member(server);
    const { thread } = await newThread(author, category);
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await author.call('POST', `/api/forums/threads/${thread.id}/posts`, { body: `r${i}` }))
          .statusCode,
      ).toBe(200);
    }
    const eleventh = await author.call('POST', `/api/forums/threads/${thread.id}/posts`, {
      body: 'r10',
    });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.body).toContain('at most 10 replies a minute');
  });
});
