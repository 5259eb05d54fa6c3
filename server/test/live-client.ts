import { WebSocket } from 'ws';
import type { FastifyInstance } from 'fastify';
import type { TLiveServerFrame } from '@stratum/core/contract/live/socket';
import { bearer } from './harness';

export interface LiveClient {
  socket: WebSocket;
  frames: TLiveServerFrame[];
  /** Resolves with the first frame (already received or coming) that matches, or rejects. */
  next<T extends TLiveServerFrame['type']>(
    type: T,
    match?: (frame: Extract<TLiveServerFrame, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<TLiveServerFrame, { type: T }>>;
  send(frame: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** The base ws:// URL of a listening app (listening on a loopback port first if need be). */
export async function liveUrl(app: FastifyInstance): Promise<string> {
  let address = app.server.address();
  if (!address || typeof address === 'string') {
    await app.listen({ port: 0, host: '127.0.0.1' });
    address = app.server.address();
  }
  if (!address || typeof address === 'string') throw new Error('app is not listening');
  return `ws://127.0.0.1:${address.port}/api/live`;
}

/** Opens /api/live with a bearer token (or a `?ticket=` in `query`) and waits for `ready`. */
export async function openLive(
  app: FastifyInstance,
  auth: { token?: string; query?: string; origin?: string },
): Promise<LiveClient> {
  const url = (await liveUrl(app)) + (auth.query ?? '');
  const socket = new WebSocket(url, {
    headers: { ...(auth.token && bearer(auth.token)), ...(auth.origin && { origin: auth.origin }) },
  });
  const frames: TLiveServerFrame[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data: Buffer) => {
    frames.push(JSON.parse(data.toString('utf8')) as TLiveServerFrame);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const client: LiveClient = {
    socket,
    frames,
    closed,
    send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    close: () => socket.close(),
    next(type, match = () => true, timeoutMs = 2000) {
      type F = Extract<TLiveServerFrame, { type: typeof type }>;
      const find = () =>
        frames.find((frame): frame is F => frame.type === type && match(frame as F));
      return new Promise<F>((resolve, reject) => {
        const wake = () => {
          const found = find();
          if (!found) return;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(`no ${type} frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`),
          );
        }, timeoutMs);
        waiters.add(wake);
        wake();
      });
    },
  };
  await new Promise<void>((resolve, reject) => {
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`upgrade refused: ${res.statusCode}`)),
    );
    socket.once('error', reject);
    socket.once('open', () => resolve());
  });
  await client.next('ready');
  return client;
}
