import { randomBytes } from 'node:crypto';
import type { TAuth } from '@stratum/core/api-client/model';

/**
 * OAuth 2.0 state held by the server: tokens per user and configuration, and the pending
 * authorizations (state → verifier) between `/oauth/start` and the provider's redirect.
 *
 * In memory, per process (issue 12 allows it; decision record to write): a restart forgets
 * tokens (the user authorises again, or client credentials fetch a new one), and with several
 * processes behind a load balancer the callback must reach the process that started the flow
 * (sticky sessions) until this moves to a shared store. Bounded in size either way.
 */

export type TOAuth2Auth = Extract<TAuth, { type: 'oauth2' }>;

export interface TOAuthToken {
  accessToken: string;
  /** The scheme word to send it with ('Bearer'). */
  tokenType: string;
  /** When the provider says it expires (ms since the epoch). */
  expiresAt: number;
  /** Before this it is used as is; after, refreshed or fetched again (a margin before expiry). */
  usableUntil: number;
  refreshToken?: string;
}

export interface TPendingAuthorization {
  userId: string;
  configHash: string;
  auth: TOAuth2Auth;
  verifier: string;
  redirectUri: string;
  expiresAt: number;
}

/** How long a started authorization waits for the provider's redirect. */
export const PENDING_TTL_MS = 10 * 60_000;
const MAX_TOKENS = 10_000;
const MAX_PENDING = 10_000;
const MAX_PENDING_PER_USER = 20;

export class OAuthStore {
  private readonly tokens = new Map<string, TOAuthToken>();
  private readonly pending = new Map<string, TPendingAuthorization>();

  constructor(private readonly now: () => number = Date.now) {}

  getToken(userId: string, configHash: string): TOAuthToken | undefined {
    return this.tokens.get(`${userId}:${configHash}`);
  }

  setToken(userId: string, configHash: string, token: TOAuthToken): void {
    const key = `${userId}:${configHash}`;
    this.tokens.delete(key);
    this.tokens.set(key, token);
    // Maps iterate in insertion order: the first key is the longest unused.
    while (this.tokens.size > MAX_TOKENS) this.tokens.delete(this.tokens.keys().next().value!);
  }

  deleteToken(userId: string, configHash: string): void {
    this.tokens.delete(`${userId}:${configHash}`);
  }

  /** Keeps a pending authorization and answers its state: 32 random bytes, base64url. */
  addPending(entry: Omit<TPendingAuthorization, 'expiresAt'>): TPendingAuthorization & {
    state: string;
  } {
    this.sweep();
    const mine = [...this.pending].filter(([, p]) => p.userId === entry.userId);
    for (const [state] of mine.slice(0, Math.max(0, mine.length - MAX_PENDING_PER_USER + 1))) {
      this.pending.delete(state);
    }
    while (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.keys().next().value!);
    const state = randomBytes(32).toString('base64url');
    const stored = { ...entry, expiresAt: this.now() + PENDING_TTL_MS };
    this.pending.set(state, stored);
    return { ...stored, state };
  }

  /** The pending authorization of `state`, removed (single use); undefined when unknown or stale. */
  takePending(state: string): TPendingAuthorization | undefined {
    const entry = this.pending.get(state);
    this.pending.delete(state);
    if (!entry || entry.expiresAt <= this.now()) return undefined;
    return entry;
  }

  private sweep(): void {
    const now = this.now();
    for (const [state, p] of this.pending) if (p.expiresAt <= now) this.pending.delete(state);
  }
}
