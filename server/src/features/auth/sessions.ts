import { jwtVerify, SignJWT } from 'jose';
import { SESSION_TTL_DAYS } from '@stratum/core/constants';
import type { Db } from '../../db/database';
import type { SharedState } from '../../lib/shared-state';
import type { UserRow } from '../../db/schema';
import { findSession, findUserById } from './repository';

const ISSUER = 'stratum';
const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 50_000;
const REVOKED_CHANNEL = 'auth:session-revoked';
const USER_CHANGED_CHANNEL = 'auth:user-changed';

export interface AuthContext {
  sessionId: string;
  user: UserRow;
}

interface CachedSession {
  userId: string;
  expiresAt: number;
  cachedAt: number;
}

/**
 * Answers "who holds this token" without a database round trip on the hot path: a verified
 * JWT names its session, and sessions and users are cached in-process for at most a minute.
 * Revocations and user changes are broadcast (Redis when scaled out), so a logout or a reset
 * takes effect at once on every process.
 */
export class SessionStore {
  private readonly sessions = new Map<string, CachedSession>();
  private readonly users = new Map<string, { row: UserRow; cachedAt: number }>();
  /** Tokens whose signature was already checked: the same bytes need no second HMAC. */
  private readonly verifiedTokens = new Map<string, { sessionId: string; expiresAt: number }>();
  /** Told of every revoked session, on any process (the live channel closes its sockets). */
  private readonly revokedListeners = new Set<(sessionId: string) => void>();

  constructor(
    private readonly db: Db,
    private readonly key: Uint8Array,
    private readonly shared: SharedState,
    private readonly now: () => number = Date.now,
  ) {
    shared.subscribe(REVOKED_CHANNEL, (sessionId) => {
      this.sessions.delete(sessionId);
      for (const listener of this.revokedListeners) listener(sessionId);
    });
    shared.subscribe(USER_CHANGED_CHANNEL, (userId) => this.users.delete(userId));
  }

  async issue(sessionId: string, userId: string, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  static expiry(now: number = Date.now()): Date {
    return new Date(now + SESSION_TTL_DAYS * 86_400_000);
  }

  /** Answers the session and its user, or undefined for a bad, expired or revoked token. */
  async authenticate(token: string): Promise<AuthContext | undefined> {
    const sessionId = await this.verifyToken(token);
    if (!sessionId) return undefined;
    const session = await this.loadSession(sessionId);
    if (!session || session.expiresAt <= this.now()) return undefined;
    const user = await this.loadUser(session.userId);
    if (!user || user.disabled_at !== null) return undefined;
    return { sessionId, user };
  }

  private async verifyToken(token: string): Promise<string | undefined> {
    const known = this.verifiedTokens.get(token);
    if (known) return known.expiresAt > this.now() ? known.sessionId : undefined;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
      });
      if (typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return undefined;
      this.remember(this.verifiedTokens, token, {
        sessionId: payload.sid,
        expiresAt: payload.exp * 1000,
      });
      return payload.sid;
    } catch {
      return undefined;
    }
  }

  private async loadSession(sessionId: string): Promise<CachedSession | undefined> {
    const cached = this.sessions.get(sessionId);
    if (cached && this.now() - cached.cachedAt < CACHE_TTL_MS) return cached;
    const row = await findSession(this.db, sessionId);
    if (!row || row.revoked_at !== null) {
      this.sessions.delete(sessionId);
      return undefined;
    }
    const entry = {
      userId: row.user_id,
      expiresAt: row.expires_at.getTime(),
      cachedAt: this.now(),
    };
    this.remember(this.sessions, sessionId, entry);
    return entry;
  }

  private async loadUser(userId: string): Promise<UserRow | undefined> {
    const cached = this.users.get(userId);
    if (cached && this.now() - cached.cachedAt < CACHE_TTL_MS) return cached.row;
    const row = await findUserById(this.db, userId);
    if (row) this.remember(this.users, userId, { row, cachedAt: this.now() });
    return row;
  }

  private remember<V>(map: Map<string, V>, key: string, value: V): void {
    if (map.size >= CACHE_MAX) map.delete(map.keys().next().value as string);
    map.set(key, value);
  }

  onRevoked(listener: (sessionId: string) => void): void {
    this.revokedListeners.add(listener);
  }

  async revoked(sessionIds: string[]): Promise<void> {
    for (const id of sessionIds) {
      this.sessions.delete(id);
      await this.shared.publish(REVOKED_CHANNEL, id);
    }
  }

  /** Call after any change to a user row, so every process reads it afresh. */
  async userChanged(userId: string): Promise<void> {
    this.users.delete(userId);
    await this.shared.publish(USER_CHANGED_CHANNEL, userId);
  }
}
