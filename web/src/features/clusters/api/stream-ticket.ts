import { createStreamTicket } from '@stratum/core/contract/k8s/streams';
import { callApi, fillPath } from '../../../lib/api-client';

/**
 * A single-use ticket for one stream: EventSource and WebSocket cannot send the bearer header,
 * and a long-lived token must never sit in a URL that proxies log.
 */
export async function fetchStreamTicket(): Promise<string> {
  const answer = await callApi(createStreamTicket, { timeoutMs: 10_000 });
  return answer.data.ticket;
}

/** A stream's address with its query (values left out when empty) and a fresh ticket. */
export function streamUrl(
  path: string,
  params: Record<string, string>,
  query: Record<string, string | string[] | undefined>,
  ticket: string,
): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined && one !== '') search.append(name, one);
    }
  }
  search.set('ticket', ticket);
  return `${fillPath(path, params)}?${search.toString()}`;
}

/** The stream routes of §7 (the contract describes their query and messages). */
export const STREAM_PATHS = {
  watch: '/api/k8/clusters/:clusterId/watch/:kind',
  logs: '/api/k8/clusters/:clusterId/pods/:pod/logs/stream',
  exec: '/api/k8/clusters/:clusterId/exec/stream',
} as const;
