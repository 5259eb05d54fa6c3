import type { FastifyReply } from 'fastify';

/** Comment lines this often keep proxies (which cut idle connections at about 60 s) from closing. */
export const KEEPALIVE_MS = 25_000;

export interface SseChannel {
  /** One message: its JSON on a single `data:` line. False once the client has gone. */
  send(event: unknown): boolean;
  /** Ends the response (the browser's EventSource would reconnect; the page decides). */
  end(): void;
  readonly closed: boolean;
  /** Called once when the client leaves or the stream is ended. */
  onClose(handler: () => void): void;
}

/**
 * Takes the response over for server-sent events. Call it only after authentication and
 * every check that may fail with an ordinary JSON error: after this the status is 200.
 */
export function openSse(reply: FastifyReply, keepaliveMs = KEEPALIVE_MS): SseChannel {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx buffers proxied responses unless told not to.
    'x-accel-buffering': 'no',
  });
  raw.write(': connected\n\n');
  // Injected requests (tests) have a socket without it.
  if (typeof raw.socket?.setNoDelay === 'function') raw.socket.setNoDelay(true);
  let closed = false;
  const handlers: (() => void)[] = [];
  const timer = setInterval(() => {
    if (!closed) raw.write(': keep-alive\n\n');
  }, keepaliveMs);
  timer.unref();
  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(timer);
    for (const handler of handlers.splice(0)) handler();
  };
  raw.on('close', finish);
  raw.on('error', finish);
  return {
    send(event) {
      if (closed) return false;
      raw.write(`data: ${JSON.stringify(event)}\n\n`);
      return true;
    },
    end() {
      if (!closed) raw.end();
      finish();
    },
    get closed() {
      return closed;
    },
    onClose(handler) {
      if (closed) handler();
      else handlers.push(handler);
    },
  };
}
