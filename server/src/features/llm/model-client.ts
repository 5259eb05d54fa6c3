import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { fetch as undiciFetch } from 'undici';
import { ASSISTANT_MSG } from '@stratum/core/assistant/limits';
import {
  checkedAgent,
  EgressRefusedError,
  type DenyList,
  type EgressPolicy,
} from '../../lib/egress';
import { AppError } from '../../lib/errors';
import type { TModelEndpoint } from './settings';

export interface TEgressDeps {
  egress: EgressPolicy;
  deny: DenyList;
}

type TOpenAiFetch = NonNullable<ConstructorParameters<typeof OpenAI>[0]>['fetch'];

/**
 * The official client on any OpenAI-compatible endpoint, its HTTP through the egress policy:
 * every connection (redirects too) goes to an address the policy checked, so a model on a
 * private address needs EGRESS_ALLOW or the admin's allow-list like any other fetch. A fresh
 * agent per call: a changed allow-list or endpoint applies to the next call.
 */
export function openModel(
  endpoint: TModelEndpoint,
  deps: TEgressDeps,
  timeoutMs: number,
): { client: OpenAI; close: () => Promise<void> } {
  const agent = checkedAgent(deps.egress, { deny: deps.deny, connectTimeoutMs: timeoutMs });
  const fetchThroughEgress = ((url: string | URL, init?: Record<string, unknown>) =>
    undiciFetch(url, { ...init, dispatcher: agent })) as unknown as TOpenAiFetch;
  const client = new OpenAI({
    baseURL: endpoint.baseUrl,
    // Local servers (Ollama, vLLM) take no key; the client insists on one.
    apiKey: endpoint.apiKey || 'no-key',
    maxRetries: 0,
    timeout: timeoutMs,
    fetch: fetchThroughEgress,
  });
  return { client, close: () => agent.destroy().catch(() => undefined) };
}

/** Removes the key from any text that may reach a user (an upstream error may quote it). */
export function scrubKey(text: string, apiKey: string): string {
  return apiKey.length >= 4 ? text.split(apiKey).join('[key]') : text;
}

function refusalIn(error: unknown): EgressRefusedError | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 6; depth += 1) {
    if (e instanceof EgressRefusedError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function causeText(error: unknown): string {
  let e: unknown = error;
  let text = error instanceof Error ? error.message : String(error);
  for (let depth = 0; e && depth < 6; depth += 1) {
    if (e instanceof Error && e.message && !/fetch failed|Connection error/i.test(e.message)) {
      text = e.message;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return text;
}

/** Any failure of a model call as the error a user reads, without the key. */
export function modelFailure(
  error: unknown,
  endpoint: TModelEndpoint,
  isTimedOut: boolean,
): AppError {
  if (error instanceof AppError) return error;
  const refused = refusalIn(error);
  if (refused) {
    return new AppError(
      'llm/egress_refused',
      `The model endpoint's address is not allowed (${refused.message}). An admin can allow it with EGRESS_ALLOW or the egress allow-list.`,
    );
  }
  if (isTimedOut || error instanceof APIConnectionTimeoutError) {
    return new AppError('llm/upstream_timeout', ASSISTANT_MSG.timeout);
  }
  if (error instanceof APIUserAbortError) {
    return new AppError('llm/upstream_failed', ASSISTANT_MSG.upstream('the call was cancelled'));
  }
  const detail =
    error instanceof APIError && error.status !== undefined
      ? `HTTP ${error.status}${error.message ? `: ${error.message}` : ''}`
      : `it could not be reached (${causeText(error)})`;
  return new AppError(
    'llm/upstream_failed',
    scrubKey(ASSISTANT_MSG.upstream(detail.slice(0, 500)), endpoint.apiKey),
  );
}
