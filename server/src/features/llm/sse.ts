import type { FastifyReply } from 'fastify';
import { openSse } from '../../lib/sse';

export interface ChatChannel {
  send(event: unknown): void;
  end(): void;
  /** Aborted when the client goes away, so the model call stops too. */
  readonly signal: AbortSignal;
}

/**
 * Takes the response over for server-sent events (`lib/sse.ts`, as the Kubernetes streams), after
 * every check that may fail with an ordinary JSON error: from here on the status is 200 and
 * failures are `error` events.
 */
export function openChatSse(reply: FastifyReply): ChatChannel {
  const channel = openSse(reply);
  const gone = new AbortController();
  let isEnded = false;
  channel.onClose(() => {
    if (!isEnded) gone.abort();
  });
  return {
    send(event) {
      channel.send(event);
    },
    end() {
      isEnded = true;
      channel.end();
    },
    signal: gone.signal,
  };
}
