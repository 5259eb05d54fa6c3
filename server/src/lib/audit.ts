import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';
import type { TRole } from '@stratum/core/contract/common';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { RequestAuth } from './route';

/** Who did an action, from where. */
export interface AuditActor {
  id: string;
  email: string;
  role: TRole;
  ip: string | null;
}

/** Someone not signed in (a failed sign-in, a reset request): only the e-mail address typed. */
export interface AnonymousActor {
  id: null;
  email: string;
  role: 'anonymous';
  ip: string | null;
}

export interface AuditEntry {
  /** `area.verb`, e.g. `users.role`, `vouchers.create`, `auth.login`. */
  action: string;
  targetType: string;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
}

/** The entries one request wrote; `addRoute` checks it against the endpoint's declaration. */
export interface AuditRecord {
  written: { action: string; targetType: string; targetId: string | null }[];
  /** Why this request changed nothing, so wrote nothing (an unknown address asking for a reset). */
  unchanged?: string;
}

export const auditRecord = new AsyncLocalStorage<AuditRecord>();

/** Says that the current request saved nothing, so its declared audit action is not due. */
export function auditNothingChanged(reason: string): void {
  const record = auditRecord.getStore();
  if (record) record.unchanged = reason;
}

export function anonymousActor(email: string, ip: string | null): AnonymousActor {
  return { id: null, email: email.slice(0, 320), role: 'anonymous', ip };
}

/** A user acting before a session exists (signing up, in, or resetting a password). */
export function userActor(
  user: { id: string; email: string; role: TRole },
  ip: string | null,
): AuditActor {
  return { id: user.id, email: user.email, role: user.role, ip };
}

export function actorOf(auth: RequestAuth, request: FastifyRequest): AuditActor {
  return { id: auth.user.id, email: auth.user.email, role: auth.user.role, ip: request.ip };
}

export const MASK = '••••••';
const SECRET_KEY =
  /(password|passwd|passphrase|secret|token|apikey|privatekey|authorization|cookie|credential|kubeconfig|sessionkey|accesskey)/;
const MAX_TEXT = 4000;
const MAX_DEPTH = 12;

const isSecretName = (name: string) => SECRET_KEY.test(name.toLowerCase().replace(/[-_\s]/g, ''));

/**
 * A copy of a before/after snapshot with every secret replaced by a mask: values under keys
 * such as password, secret, token, apiKey, privateKey, authorization or clientSecret (any case,
 * `_` or `-`), at any depth, and `{ key|name, value }` pairs whose key names one (a header list).
 * Long text is cut so one entry cannot carry a whole document.
 */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.length > MAX_TEXT
      ? `${value.slice(0, MAX_TEXT)}… (${value.length} characters)`
      : value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value.toISOString();
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1));
  const record = value as Record<string, unknown>;
  const pairName = typeof record.key === 'string' ? record.key : record.name;
  const maskPairValue = typeof pairName === 'string' && 'value' in record && isSecretName(pairName);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    // Booleans and numbers (hasSecret, maxTokens) say nothing secret; text and objects may.
    const secret =
      (isSecretName(key) || (maskPairValue && key === 'value')) &&
      item !== null &&
      item !== undefined &&
      item !== '' &&
      typeof item !== 'boolean' &&
      typeof item !== 'number';
    out[key] = secret ? MASK : maskSecrets(item, depth + 1);
  }
  return out;
}

/**
 * Writes one row of the audit trail. Call it with the transaction of the action it records,
 * so that the action and its record commit together or not at all. Secrets in before and
 * after are masked here, so no caller can store one by accident.
 */
export async function writeAudit(
  // Any Kysely over Stratum's schema: a feature's `withTables` transaction reaches audit_log too.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  actor: AuditActor | AnonymousActor,
  entry: AuditEntry,
): Promise<void> {
  await (db as unknown as Db)
    .insertInto('audit_log')
    .values({
      actor_id: actor.id,
      actor_email: actor.email,
      actor_role: actor.role,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before === undefined ? null : JSON.stringify(maskSecrets(entry.before)),
      after: entry.after === undefined ? null : JSON.stringify(maskSecrets(entry.after)),
      ip: actor.ip,
    })
    .execute();
  auditRecord.getStore()?.written.push({
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
  });
}
