import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TForumPost } from '@stratum/core/contract/forums/forum';
import { answerEveryCall, renderWithClient, signInForTest } from '../../test/render-with-client';
import { PostCard } from './post-card';

const post = (overrides: Partial<TForumPost> = {}): TForumPost => ({
  id: crypto.randomUUID(),
  threadId: crypto.randomUUID(),
  isOpening: false,
  author: { id: 'ada', name: 'Ada Lovelace' },
  source: '**hi**',
  html: '<p><strong>hi</strong></p>',
  createdAt: new Date().toISOString(),
  editedAt: null,
  editableUntil: null,
  reactions: [{ reaction: 'like', count: 2, isMine: true }],
  isHidden: false,
  hiddenReason: null,
  ...overrides,
});

describe('PostCard', () => {
  const server = answerEveryCall({ success: true, data: { html: '<p><em>preview</em></p>' } });
  beforeEach(() => {
    server.calls.length = 0;
    vi.stubGlobal('fetch', server.fetchMock);
    signInForTest({ id: 'ada', email: 'ada@example.com' });
  });
  afterEach(() => vi.unstubAllGlobals());

  const show = (p: TForumPost, isOwn: boolean, canEdit = true) =>
    renderWithClient(
      <PostCard
        post={p}
        isOwn={isOwn}
        canEdit={canEdit}
        canModerate={false}
        onReport={vi.fn()}
        onHide={vi.fn()}
        onDelete={vi.fn()}
      />,
    );

  it("shows the server's HTML and the reactions, yours marked", () => {
    show(post(), false);
    const article = screen.getByRole('article', { name: 'Post by Ada Lovelace' });
    expect(article.querySelector('strong')).toHaveTextContent('hi');
    expect(within(article).getByRole('button', { name: 'like: 2, yours' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(article).getByRole('button', { name: 'Report' })).toBeVisible();
  });

  it('offers the author an edit with the time left, and none once the window or thread closes', () => {
    const until = new Date(Date.now() + 12 * 60_000 + 30_000).toISOString();
    const { unmount } = show(post({ editableUntil: until }), true);
    expect(screen.getByRole('button', { name: /Edit \(12:(29|30) left\)/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    unmount();
    show(post({ editableUntil: until }), true, false);
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it("previews an edit through the server's renderer", async () => {
    show(post({ editableUntil: new Date(Date.now() + 60_000).toISOString() }), true);
    await userEvent.click(screen.getByRole('button', { name: /Edit/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('preview')).toBeVisible();
    expect(server.calls.at(-1)).toMatchObject({ method: 'POST', body: { body: '**hi**' } });
    expect(server.calls.at(-1)?.url).toContain('/api/forums/preview');
  });
});
