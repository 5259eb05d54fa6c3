import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { LIVE_LIMITS } from '@stratum/core/contract/live/socket';
import { liveEvents } from '../../lib/live-events';
import { createMemoryState } from '../../lib/shared-state';
import { LiveConnection } from './live-connection';

const ME = '0b6a2a1e-1c2d-4e3f-8a9b-0c1d2e3f4a5b';

/** The ws socket as the connection uses it: events in, frames and pings out. */
class FakeWs extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: { type: string; code?: string }[] = [];
  pings = 0;
  terminated = false;
  send(data: string) {
    this.sent.push(JSON.parse(data) as { type: string });
  }
  ping() {
    this.pings += 1;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
  close() {
    this.readyState = 3;
  }
}

function connect() {
  const ws = new FakeWs();
  const shared = createMemoryState();
  new LiveConnection(
    ws as unknown as WebSocket,
    { id: ME, email: 'me@example.com', role: 'user', ip: '127.0.0.1' },
    'session-1',
    {
      live: liveEvents(shared),
      access: { role: () => Promise.resolve(null), memberIds: () => Promise.resolve([]) },
      onboarding: { save: () => Promise.resolve() },
    },
    () => undefined,
  );
  return ws;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a live connection', () => {
  it('pings every 25 s and ends a socket that did not answer the last ping', () => {
    expect(LIVE_LIMITS.keepAliveMs).toBeLessThan(60_000);
    const ws = connect();
    vi.advanceTimersByTime(LIVE_LIMITS.keepAliveMs);
    expect(ws.pings).toBe(1);
    ws.emit('pong');
    vi.advanceTimersByTime(LIVE_LIMITS.keepAliveMs);
    expect(ws.pings).toBe(2);
    expect(ws.terminated).toBe(false);
    vi.advanceTimersByTime(LIVE_LIMITS.keepAliveMs);
    expect(ws.terminated).toBe(true);
  });

  it('refuses frames past 60 in 10 s with an error frame, then takes them again', async () => {
    const ws = connect();
    const frame = Buffer.from(JSON.stringify({ type: 'bogus' }));
    for (let i = 0; i < LIVE_LIMITS.framesPerWindow + 1; i += 1) ws.emit('message', frame, false);
    await vi.advanceTimersByTimeAsync(0);
    const errors = ws.sent.filter((f) => f.type === 'error').map((f) => f.code);
    expect(errors.at(-1)).toBe('request/rate_limited');
    expect(errors.filter((c) => c === 'request/rate_limited')).toHaveLength(1);
    vi.advanceTimersByTime(LIVE_LIMITS.windowMs);
    ws.emit('message', frame, false);
    await vi.advanceTimersByTimeAsync(0);
    expect(ws.sent.at(-1)).toMatchObject({ type: 'error', code: 'request/invalid' });
  });

  it('refuses a binary frame as unreadable', async () => {
    const ws = connect();
    ws.emit('message', Buffer.from([1, 2, 3]), true);
    await vi.advanceTimersByTimeAsync(0);
    expect(ws.sent.at(-1)).toMatchObject({ type: 'error', code: 'request/invalid' });
  });
});
