import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fake-socket';
import { LiveClient, reconnectDelay } from './live-client';

const PROJECT = '7f1c5d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f';

function setup() {
  const sockets: FakeSocket[] = [];
  const onGiveUp = vi.fn();
  let tickets = 0;
  const client = new LiveClient({
    getTicket: () => Promise.resolve(`t${(tickets += 1)}`),
    urlFor: (ticket) => `ws://app/api/live?ticket=${ticket}`,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    onGiveUp,
  });
  return { client, sockets, onGiveUp };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the live client', () => {
  it('waits 1 s, 2 s, 4 s, 8 s and 16 s between attempts, then reports once and stops', async () => {
    expect([1, 2, 3, 4, 5].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
    const { client, sockets, onGiveUp } = setup();
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url).toBe('ws://app/api/live?ticket=t1');
    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      sockets.at(-1)!.drop();
      const before = sockets.length;
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(sockets).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(sockets).toHaveLength(before + 1);
    }
    expect(onGiveUp).not.toHaveBeenCalled();
    sockets.at(-1)!.drop();
    expect(onGiveUp).toHaveBeenCalledOnce();
    expect(String(onGiveUp.mock.calls[0]![0])).toMatch(/after 5 reconnect attempts/);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(6);
  });

  it('starts counting again after a successful reconnect, and registers the project again', async () => {
    const { client, sockets, onGiveUp } = setup();
    client.register(PROJECT);
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.accept();
    expect(sockets[0]!.sent).toEqual([{ type: 'register', projectId: PROJECT }]);
    sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(1000);
    sockets[1]!.drop();
    await vi.advanceTimersByTimeAsync(2000);
    sockets[2]!.accept();
    expect(sockets[2]!.sent).toEqual([{ type: 'register', projectId: PROJECT }]);
    sockets[2]!.drop();
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(4);
    expect(onGiveUp).not.toHaveBeenCalled();
  });

  it('counts a refused ticket as a failed attempt', async () => {
    const onGiveUp = vi.fn();
    const getTicket = vi.fn(() => Promise.reject(new Error('offline')));
    const client = new LiveClient({
      getTicket,
      urlFor: (t) => t,
      createSocket: (url) => new FakeSocket(url),
      onGiveUp,
    });
    client.start();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000 + 16000);
    expect(getTicket).toHaveBeenCalledTimes(6);
    expect(String(onGiveUp.mock.calls[0]![0])).toMatch(/offline/);
  });

  it('does not reconnect after the session was revoked or the page stopped it', async () => {
    const { client, sockets } = setup();
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.accept();
    sockets[0]!.drop(4401);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    client.stop();
    sockets[1]!.drop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('opens one socket when stopped and started again while a ticket is on its way', async () => {
    const { client, sockets } = setup();
    client.start();
    client.stop();
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url).toBe('ws://app/api/live?ticket=t2');
  });

  it('hands frames to the handlers of their type and ignores garbage', async () => {
    const { client, sockets } = setup();
    const bell = vi.fn();
    const tour = vi.fn();
    client.on('message-new', bell);
    const off = client.on('onboarding-update', tour);
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.accept();
    sockets[0]!.frame({ type: 'message-new' });
    sockets[0]!.raw('not json');
    const update = {
      type: 'onboarding-update',
      projectId: PROJECT,
      userId: 'u2',
      step: 2,
      dismissed: false,
    };
    sockets[0]!.frame(update);
    off();
    sockets[0]!.frame(update);
    expect(bell).toHaveBeenCalledOnce();
    expect(tour).toHaveBeenCalledExactlyOnceWith(update);
  });
});
