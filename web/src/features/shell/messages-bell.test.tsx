import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLiveClient } from '../../lib/live/fake-socket';
import { LiveContext } from '../../lib/live/live-provider';
import { renderWithClient, signInForTest } from '../../test/render-with-client';
import { MessagesBell } from './messages-bell';

let unread = 0;
beforeEach(() => {
  unread = 0;
  signInForTest({ id: 'u1', email: 'me@example.com' });
  vi.stubGlobal('fetch', () =>
    Promise.resolve(Response.json({ success: true, data: { count: unread } })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the messages bell', () => {
  it('refetches its count as soon as the live channel says a message arrived', async () => {
    const live = fakeLiveClient();
    renderWithClient(
      <LiveContext.Provider value={live.client}>
        <MessagesBell />
      </LiveContext.Provider>,
    );
    expect(await screen.findByRole('link', { name: 'Messages, none unread' })).toBeVisible();
    await vi.waitFor(() => expect(live.socket()).toBeDefined());
    act(() => live.socket()!.accept());
    unread = 3;
    act(() => live.socket()!.frame({ type: 'message-new' }));
    expect(await screen.findByRole('link', { name: 'Messages, 3 unread' })).toBeVisible();
  });

  it('catches up when the live channel (re)connects, for a message sent while it was down', async () => {
    const live = fakeLiveClient();
    renderWithClient(
      <LiveContext.Provider value={live.client}>
        <MessagesBell />
      </LiveContext.Provider>,
    );
    expect(await screen.findByRole('link', { name: 'Messages, none unread' })).toBeVisible();
    await vi.waitFor(() => expect(live.socket()).toBeDefined());
    unread = 1;
    act(() => live.socket()!.accept());
    expect(await screen.findByRole('link', { name: 'Messages, 1 unread' })).toBeVisible();
  });
});
