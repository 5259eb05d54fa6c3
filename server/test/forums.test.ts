import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestServer, type TestServer } from './harness';
import { member, newCategory, newThread, readThread, type Member } from './forums-helpers';

let server: TestServer;
let moderator: Member;
beforeAll(async () => {
  server = await startTestServer();
  moderator = await member(server, 'moderator');
});
afterAll(() => server.close());

describe('categories', () => {
  it('are created, described, reordered and deleted by moderators; listed in order', async () => {
    const first = await newCategory(moderator);
    const second = await newCategory(moderator);
    const move = await moderator.call('PUT', `/api/forums/categories/${second}`, {
      position: 0,
      description: 'Now first',
    });
    expect(move.statusCode, move.body).toBe(200);
    const user = await member(server);
    const list = json<{ data: { categories: { id: string; description: string }[] } }>(
      await user.call('GET', '/api/forums/categories'),
    ).data.categories;
    expect(list[0]).toMatchObject({ id: second, description: 'Now first' });
    expect(list.findIndex((c) => c.id === second)).toBeLessThan(
      list.findIndex((c) => c.id === first),
    );

    await newThread(user, first);
    const notEmpty = await moderator.call('DELETE', `/api/forums/categories/${first}`);
    expect(notEmpty.statusCode).toBe(409);
    expect(json(notEmpty)).toMatchObject({ code: 'forums/category_not_empty' });
    expect((await moderator.call('DELETE', `/api/forums/categories/${second}`)).statusCode).toBe(
      200,
    );
  });

  it('refuse a name already taken, in any case', async () => {
    const id = await newCategory(moderator);
    const { data } = json<{ data: { categories: { id: string; name: string }[] } }>(
      await moderator.call('GET', '/api/forums/categories'),
    );
    const name = data.categories.find((c) => c.id === id)?.name ?? '';
    const again = await moderator.call('POST', '/api/forums/categories', {
      name: name.toUpperCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 'forums/category_taken' });
  });

  it('cannot be managed by a user or a helper', async () => {
    for (const role of ['user', 'helper'] as const) {
      const someone = await member(server, role);
      const res = await someone.call('POST', '/api/forums/categories', { name: `Nope ${role}` });
      expect(res.statusCode).toBe(403);
      expect(json(res)).toMatchObject({ code: 'auth/forbidden' });
    }
  });
});

describe('threads', () => {
  it('store Markdown and answer sanitised HTML', async () => {
    const category = await newCategory(moderator);
    const author = await member(server);
    const { posts } = await newThread(
      author,
      category,
      '# Hello\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) ![p](https://evil.example/p.gif)',
    );
    expect(posts[0]?.source).toContain('<script>');
    expect(posts[0]?.html).toContain('<h1>Hello</h1>');
    expect(posts[0]?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(posts[0]?.html).not.toMatch(/<script|href="javascript:|<img/i);
    expect(posts[0]?.html).toContain('rel="nofollow noopener ugc"');
  });

  it('list 20 a page in a category, pinned first, with the total', async () => {
    const category = await newCategory(moderator);
    const authors = await Promise.all([member(server), member(server), member(server)]);
    for (let i = 0; i < 22; i += 1) {
      await newThread(moderator, category, `Body ${i}`, `Thread number ${i}`);
    }
    const firstThread = await newThread(authors[0], category, 'Old one', 'To be pinned');
    await moderator.call('PUT', `/api/forums/threads/${firstThread.thread.id}/pinned`, {
      isPinned: true,
    });
    const page1 = json<{
      data: { items: { id: string; isPinned: boolean }[]; total: number; limit: number };
    }>(
      await authors[1].call('GET', `/api/forums/threads?limit=20&page=1&categoryId=${category}`),
    ).data;
    expect(page1.items).toHaveLength(20);
    expect(page1.total).toBe(23);
    expect(page1.items[0]).toMatchObject({ id: firstThread.thread.id, isPinned: true });
    const page2 = json<{ data: { items: unknown[] } }>(
      await authors[1].call('GET', `/api/forums/threads?page=2&categoryId=${category}`),
    ).data;
    expect(page2.items).toHaveLength(3);
  });

  it('are found by full-text search over titles and bodies', async () => {
    const category = await newCategory(moderator);
    const author = await member(server);
    const word = `zebra${Math.random().toString(36).slice(2, 8)}`;
    const inBody = await newThread(
      author,
      category,
      `The ${word} herd was migrating`,
      'About animals',
    );
    const inTitle = await newThread(author, category, 'Nothing here', `Watching ${word}`);
    await newThread(author, category, 'Unrelated text', 'Something else');
    const found = json<{ data: { items: { id: string }[] } }>(
      await author.call('GET', `/api/forums/threads?q=${word}&categoryId=${category}`),
    ).data.items.map((t) => t.id);
    expect(found.sort()).toEqual([inBody.thread.id, inTitle.thread.id].sort());
  });

  it('refuse bad input with a message and save nothing', async () => {
    const author = await member(server);
    const category = await newCategory(moderator);
    const short = await author.call('POST', '/api/forums/threads', {
      categoryId: category,
      title: 'Hi',
      body: 'x',
    });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('at least 5 characters');
    const noCategory = await author.call('POST', '/api/forums/threads', {
      categoryId: crypto.randomUUID(),
      title: 'A fine title',
      body: 'x',
    });
    expect(noCategory.statusCode).toBe(404);
  });
});

describe('replies, edits and reactions', () => {
  it('a locked thread refuses replies from users, not from moderators', async () => {
    const category = await newCategory(moderator);
    const author = await member(server);
    const { thread } = await newThread(author, category);
    expect(
      (await author.call('POST', `/api/forums/threads/${thread.id}/posts`, { body: 'first reply' }))
        .statusCode,
    ).toBe(200);
    const lock = await moderator.call('PUT', `/api/forums/threads/${thread.id}/locked`, {
      isLocked: true,
      reason: 'Settled',
    });
    expect(lock.statusCode, lock.body).toBe(200);
    const refused = await author.call('POST', `/api/forums/threads/${thread.id}/posts`, {
      body: 'more',
    });
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ code: 'forums/locked' });
    expect(
      (
        await moderator.call('POST', `/api/forums/threads/${thread.id}/posts`, {
          body: 'closing note',
        })
      ).statusCode,
    ).toBe(200);
    const audit = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'forums.lock')
      .where('target_id', '=', thread.id)
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ lock: true, reason: 'Settled' });
  });

  it('the author edits for 30 minutes; nobody else ever', async () => {
    const category = await newCategory(moderator);
    const author = await member(server);
    const other = await member(server);
    const { posts } = await newThread(author, category, 'Typo hree');
    const postId = posts[0]?.id ?? '';
    expect(posts[0]?.editableUntil).not.toBeNull();
    const byOther = await other.call('PUT', `/api/forums/posts/${postId}`, { body: 'hijack' });
    expect(byOther.statusCode).toBe(403);
    const fixed = await author.call('PUT', `/api/forums/posts/${postId}`, {
      body: 'Typo here',
      title: 'A better title',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(json<{ data: { post: { html: string } } }>(fixed).data.post.html).toBe(
      '<p>Typo here</p>',
    );

    await server.db
      .updateTable('forum_posts' as never)
      .set({ created_at: new Date(Date.now() - 31 * 60_000) } as never)
      .where('id' as never, '=', postId as never)
      .execute();
    const late = await author.call('PUT', `/api/forums/posts/${postId}`, { body: 'Too late' });
    expect(late.statusCode).toBe(403);
    expect(json(late)).toMatchObject({ code: 'forums/edit_window_closed' });
    expect(
      (
        await readThread(
          author,
          posts[0] ? json<{ data: { post: { threadId: string } } }>(fixed).data.post.threadId : '',
        )
      ).data?.posts[0],
    ).toMatchObject({ source: 'Typo here', editableUntil: null });
  });

  it('reactions toggle, one of each kind per person', async () => {
    const category = await newCategory(moderator);
    const author = await member(server);
    const fan = await member(server);
    const { posts } = await newThread(author, category);
    const url = `/api/forums/posts/${posts[0]?.id}/reactions`;
    await fan.call('POST', url, { reaction: 'heart' });
    const both = json<{ data: { post: { reactions: unknown[] } } }>(
      await author.call('POST', url, { reaction: 'heart' }),
    );
    expect(both.data.post.reactions).toEqual([{ reaction: 'heart', count: 2, isMine: true }]);
    const undone = json<{ data: { post: { reactions: unknown[] } } }>(
      await fan.call('POST', url, { reaction: 'heart' }),
    );
    expect(undone.data.post.reactions).toEqual([{ reaction: 'heart', count: 1, isMine: false }]);
    expect((await fan.call('POST', url, { reaction: 'angry' })).statusCode).toBe(400);
  });
});
