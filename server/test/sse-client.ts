import { WebSocket } from 'ws';

/** An event stream read with fetch, as a browser-less client would: events in arrival order. */
export interface SseReader<T> {
  status: number;
  body: string;
  /** Waits for the next event that `match` accepts (others are kept), or fails after `timeoutMs`. */
  next(match?: (event: T) => boolean, timeoutMs?: number): Promise<T>;
  /** Every event received so far, consumed or not. */
  readonly all: T[];
  readonly ended: Promise<void>;
  close(): void;
}

export async function openSse<T>(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseReader<T>> {
  const aborter = new AbortController();
  const response = await fetch(url, { headers, signal: aborter.signal });
  const all: T[] = [];
  let cursor = 0;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const body = await response.text();
    return {
      status: response.status,
      body,
      all,
      ended: Promise.resolve(),
      next: () => Promise.reject(new Error(`not a stream: ${response.status} ${body}`)),
      close: () => undefined,
    };
  }
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const data = message
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) {
            all.push(JSON.parse(data) as T);
            wake();
          }
        }
      }
    } catch {
      // aborted by close()
    } finally {
      wake();
    }
  })();
  let done = false;
  void ended.then(() => (done = true));
  const consumed = new Set<number>();
  return {
    status: response.status,
    body: '',
    all,
    ended,
    close: () => aborter.abort(),
    next(match = () => true, timeoutMs = 10_000) {
      return new Promise<T>((resolve, reject) => {
        const check = () => {
          for (let i = cursor; i < all.length; i += 1) {
            if (consumed.has(i) || !match(all[i] as T)) continue;
            consumed.add(i);
            while (consumed.has(cursor)) cursor += 1;
            cleanup();
            resolve(all[i] as T);
            return;
          }
          if (done) {
            cleanup();
            reject(new Error(`stream ended; received ${JSON.stringify(all).slice(0, 2000)}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(
              `no matching event in ${timeoutMs} ms; received ${JSON.stringify(all).slice(0, 2000)}`,
            ),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

export interface SocketSession {
  socket: WebSocket;
  frames: Record<string, unknown>[];
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  /** Waits until the frames so far satisfy `done`. */
  until(done: (frames: Record<string, unknown>[]) => boolean, timeoutMs?: number): Promise<void>;
}

/** Opens a WebSocket; rejects with the HTTP status when the upgrade is refused. */
export function openSocket(
  url: string,
  headers: Record<string, string> = {},
): Promise<SocketSession> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const frames: Record<string, unknown>[] = [];
    const listeners = new Set<() => void>();
    const closed = new Promise<{ code: number; reason: string }>((resolveClose) => {
      socket.on('close', (code, reason) => {
        resolveClose({ code, reason: reason.toString() });
        for (const listener of listeners) listener();
      });
    });
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () =>
        reject(Object.assign(new Error(body), { status: response.statusCode, body })),
      );
    });
    socket.on('error', (error) => reject(error));
    socket.on('message', (data) => {
      frames.push(JSON.parse((data as Buffer).toString('utf8')) as Record<string, unknown>);
      for (const listener of listeners) listener();
    });
    socket.on('open', () =>
      resolve({
        socket,
        frames,
        closed,
        until(done, timeoutMs = 10_000) {
          return new Promise<void>((ok, fail) => {
            const timer = setTimeout(() => {
              listeners.delete(check);
              fail(new Error(`timed out; frames: ${JSON.stringify(frames)}`));
            }, timeoutMs);
            const check = () => {
              if (done(frames)) {
                clearTimeout(timer);
                listeners.delete(check);
                ok();
              } else if (socket.readyState === socket.CLOSED) {
                clearTimeout(timer);
                listeners.delete(check);
                fail(new Error(`socket closed; frames: ${JSON.stringify(frames)}`));
              }
            };
            listeners.add(check);
            check();
          });
        },
      }),
    );
  });
}
