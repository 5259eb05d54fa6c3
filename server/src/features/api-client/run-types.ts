import type { TAuth } from '@stratum/core/api-client/model';
import type { TApiRequest } from '@stratum/core/api-client/model';
import type { TPlanId } from '@stratum/core/contract/common';
import type { AuditActor } from '../../lib/audit';
import type { SharedState } from '../../lib/shared-state';

/**
 * The seams of the request runner. app.ts hands in the proxy (`send.ts`, through its per-user
 * gate) and the storage of collections, environments and history (`runner-store.ts`); the
 * integration tests run that real app against loopback servers.
 */

/** What the proxy sends (the shape of `send.ts`'s input). */
export interface TSendInput {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  bodyEncoding?: 'utf8' | 'base64';
  timeoutMs?: number;
  followRedirects?: boolean;
}

/** What the proxy answers. */
export interface TSendResult {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
  bodyEncoding: 'utf8' | 'base64';
  size: number;
  timings: {
    dnsMs: number;
    connectMs: number;
    tlsMs: number;
    firstByteMs: number;
    totalMs: number;
  };
}

/**
 * `sendHttp(deps, input, signal)` with its deps bound, for one user: through the proxy's
 * per-user gate (sends a minute, sends waiting for an answer), shared with POST /api/http/send.
 * Throws an AppError: api/egress_refused (never retried), api/upstream_failed and
 * api/upstream_timeout (retried), request/rate_limited from the gate, others as they come.
 */
export type TSend = (
  input: TSendInput,
  context: { userId: string; signal?: AbortSignal },
) => Promise<TSendResult>;

/** One user's sends, as the runner's steps make them. */
export type TUserSend = (input: TSendInput, signal?: AbortSignal) => Promise<TSendResult>;

/** A history row as the runner reports it; the store decides how it keeps it. */
export interface TRunHistoryEntry {
  /** The request as the editor sent it: variables not substituted, so no secret is copied. */
  request: TApiRequest;
  environmentId?: string;
  collectionId?: string;
  itemId?: string;
  method: string;
  /** The URL sent, credentials masked. */
  url: string;
  status?: number;
  /** An error code when there was no response. */
  error?: string;
  durationMs: number;
  size?: number;
  at: Date;
}

/** A collection's part in a run: its variables and the auth an item inherits. */
export interface TCollectionContext {
  variables: Map<string, string>;
  /**
   * The auth that applies to the item (or to a request that inherits from the collection
   * itself when no item is named): the nearest folder's or the collection's, never 'inherit'.
   */
  inheritedAuth: TAuth;
  /** The item's name, for `pm.info.requestName`. */
  itemName?: string;
}

/**
 * What the runner needs of the storage (collections, environments, history). Each method throws
 * AppError('api/not_found') for an id the user does not own.
 */
export interface TRunnerStore {
  loadEnvironmentScope(userId: string, environmentId: string): Promise<Map<string, string>>;
  /** Names of the environment's secret variables (kept as `{{name}}` in snippets). */
  secretVariableNames(userId: string, environmentId: string): Promise<Set<string>>;
  applyEnvironmentChanges(
    userId: string,
    environmentId: string,
    changes: { set: Record<string, string>; unset: string[] },
    actor?: AuditActor,
  ): Promise<void>;
  appendHistory(userId: string, entry: TRunHistoryEntry): Promise<void>;
  loadCollectionContext(
    userId: string,
    collectionId: string,
    itemId?: string,
  ): Promise<TCollectionContext>;
}

/** The plan in force for a user (the subscription feature's service has this method). */
export interface TPlanReader {
  state(userId: string): Promise<{ currentPlan: TPlanId }>;
}

export interface RunnerDeps {
  send: TSend;
  store: TRunnerStore;
  plans: TPlanReader;
  shared: SharedState;
  /** Where the app is served: the OAuth redirect URI and the callback page's postMessage target. */
  publicUrl: string;
}
