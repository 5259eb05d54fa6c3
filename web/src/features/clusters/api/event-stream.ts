import { fetchStreamTicket } from './stream-ticket';

export interface EventStreamHandlers {
  /** One parsed `data:` message; §7: messages that are not JSON are ignored. */
  onMessage: (message: unknown) => void;
  onOpen?: () => void;
  /** The connection failed or dropped (the ticket is spent: a retry needs a new one). */
  onDrop: () => void;
  /** No ticket: the server refused to give one (signed out, over the stream limit…). */
  onTicketError: (error: unknown) => void;
}

/**
 * Opens an EventSource with a fresh single-use ticket. The browser's own reconnect would reuse
 * the spent ticket, so the first error closes the source and tells the caller, who decides
 * whether to open a new one. Returns a function that closes it for good.
 */
export function openEventStream(
  urlFor: (ticket: string) => string,
  handlers: EventStreamHandlers,
): () => void {
  let source: EventSource | null = null;
  let isClosed = false;
  fetchStreamTicket().then(
    (ticket) => {
      if (isClosed) return;
      source = new EventSource(urlFor(ticket));
      source.onopen = () => handlers.onOpen?.();
      source.onmessage = (event: MessageEvent<string>) => {
        let message: unknown;
        try {
          message = JSON.parse(event.data);
        } catch {
          return;
        }
        handlers.onMessage(message);
      };
      source.onerror = () => {
        source?.close();
        source = null;
        if (!isClosed) handlers.onDrop();
      };
    },
    (error: unknown) => {
      if (!isClosed) handlers.onTicketError(error);
    },
  );
  return () => {
    isClosed = true;
    source?.close();
    source = null;
  };
}

/** Waits before the n-th reconnect: 1 s, 2 s, 4 s … at most 30 s. */
export const reconnectDelay = (attempt: number): number => Math.min(30_000, 1000 * 2 ** attempt);
