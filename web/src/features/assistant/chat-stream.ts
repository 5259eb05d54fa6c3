import {
  chatStream,
  createLlmStreamTicket,
  ZChatEvent,
  type TChatBody,
  type TChatEvent,
} from '@stratum/core/contract/llm/chat';
import { ZApiError } from '@stratum/core/contract/common';
import { callApi } from '../../lib/api-client';

/** A failure before the stream opened (no model, rate limit, project): the server's error. */
export class ChatRefusedError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One chat turn: a single-use ticket (tokens stay out of URLs), then the POST whose answer is
 * read as server-sent events, each handed to `onEvent` as it arrives.
 */
export async function streamChat(
  body: TChatBody,
  onEvent: (event: TChatEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const { data } = await callApi(createLlmStreamTicket, { signal });
  const response = await fetch(`${chatStream.path}?ticket=${encodeURIComponent(data.ticket)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.headers.get('content-type')?.startsWith('text/event-stream') || !response.body) {
    const error = ZApiError.safeParse(await response.json().catch(() => null));
    throw error.success
      ? new ChatRefusedError(error.data.code, error.data.message)
      : new ChatRefusedError('internal/error', `The assistant answered HTTP ${response.status}`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let split: number;
    while ((split = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, split);
      buffer = buffer.slice(split + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      if (!data) continue;
      const event = ZChatEvent.safeParse(JSON.parse(data));
      if (event.success) onEvent(event.data);
    }
  }
}
