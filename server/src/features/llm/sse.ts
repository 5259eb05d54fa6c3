import type { FastifyReply } from 'fastify';

/** Comment lines keep proxies (which cut idle connections at about 60 s) from closing. */
const KEEPALIVE_MS = 25_000;

export interface ChatChannel {
  send(event: unknown): void;
  end(): void;
  /** Aborted when the client goes away, so the model call stops too. */
  readonly signal: AbortSignal;
}

/**
 * Takes the response over for server-sent events, after every check that may fail with an
 * ordinary JSON error: from here on the status is 200 and failures are `error` events.
 */
export function openChatSse(reply: FastifyReply): ChatChannel {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write(': connected\n\n');
  // Injected requests (tests) have a socket without it.
  if (typeof raw.socket?.setNoDelay === 'function') raw.socket.setNoDelay(true);
  const gone = new AbortController();
  const timer = setInterval(() => raw.write(': keep-alive\n\n'), KEEPALIVE_MS);
  timer.unref();
  const finish = () => {
    clearInterval(timer);
    if (!raw.writableEnded) gone.abort();
  };
  raw.on('close', finish);
  return {
    send(event) {
      if (!raw.writableEnded && !raw.destroyed) raw.write(`data: ${JSON.stringify(event)}\n\n`);
    },
    end() {
      clearInterval(timer);
      if (!raw.writableEnded) raw.end();
    },
    signal: gone.signal,
  };
}
