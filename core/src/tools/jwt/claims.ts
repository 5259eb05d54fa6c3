import type { TJsonObject } from './decode';
import { formatDuration, formatUtc, relativeTime } from './time';

export type TClaimTone = 'neutral' | 'ok' | 'warning' | 'error';

export interface ClaimExplanation {
  claim: string;
  name: string;
  description: string;
  /** The value as text: a date for time claims, a list for audiences. */
  display: string;
  /** For time claims: the NumericDate in milliseconds, so a view can format it locally. */
  timeMs?: number;
  /** e.g. "expired 5 minutes ago". */
  note?: string;
  tone: TClaimTone;
}

/** RFC 7519 §4.1, in the RFC's order. */
const REGISTERED: readonly [string, string, string][] = [
  ['iss', 'Issuer', 'Who issued and signed the token.'],
  ['sub', 'Subject', 'Whom the token is about, usually a user or service id.'],
  ['aud', 'Audience', 'Who the token is meant for; a recipient not listed must reject it.'],
  ['exp', 'Expiration time', 'After this moment the token must be rejected.'],
  ['nbf', 'Not before', 'Before this moment the token must be rejected.'],
  ['iat', 'Issued at', 'When the token was issued.'],
  ['jti', 'JWT ID', 'A unique id, so the token can be revoked or not replayed.'],
];

/** Claims often met from Entra ID, Cognito, Auth0, Keycloak and OIDC. */
const WELL_KNOWN: Record<string, [string, string]> = {
  auth_time: ['Authentication time', 'When the user last signed in.'],
  azp: ['Authorized party', 'The client the token was issued to.'],
  scope: ['Scope', 'Permissions granted, separated by spaces.'],
  scp: ['Scope', 'Permissions granted (Entra ID).'],
  roles: ['Roles', 'Roles assigned to the subject.'],
  client_id: ['Client id', 'The OAuth client that requested the token.'],
  tid: ['Tenant id', 'The Entra ID tenant.'],
  oid: ['Object id', 'The user or service principal in Entra ID.'],
  nonce: ['Nonce', 'Ties an ID token to the sign-in request that asked for it.'],
  email: ['E-mail', 'The subject’s e-mail address.'],
  name: ['Name', 'The subject’s display name.'],
  preferred_username: ['Preferred username', 'A username shown to people; not a stable id.'],
  'cognito:groups': ['Cognito groups', 'User pool groups of the subject.'],
  token_use: ['Token use', 'Cognito: "access" or "id".'],
};

const TIME_CLAIMS = new Set(['exp', 'nbf', 'iat', 'auth_time']);

/** NumericDate values this large are almost certainly milliseconds (year 5138 and later). */
const LOOKS_LIKE_MS = 1e11;

function show(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(', ');
  return JSON.stringify(value);
}

function explain(
  claim: string,
  name: string,
  description: string,
  value: unknown,
  nowMs: number,
): ClaimExplanation {
  const base = { claim, name, description, display: show(value), tone: 'neutral' as TClaimTone };
  if (!TIME_CLAIMS.has(claim)) {
    if (claim === 'aud' && !(typeof value === 'string' || Array.isArray(value))) {
      return { ...base, tone: 'warning', note: 'should be a string or a list of strings' };
    }
    return base;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return { ...base, tone: 'error', note: 'not a NumericDate (seconds since 1970)' };
  }
  const timeMs = value * 1000;
  const when = relativeTime(timeMs, nowMs);
  const display = formatUtc(value);
  if (value > LOOKS_LIKE_MS) {
    return {
      ...base,
      display,
      timeMs,
      tone: 'warning',
      note: 'looks like milliseconds; JWT times are in seconds',
    };
  }
  if (claim === 'exp') {
    return timeMs <= nowMs
      ? { ...base, display, timeMs, tone: 'error', note: `expired ${when}` }
      : { ...base, display, timeMs, tone: 'ok', note: `expires ${when}` };
  }
  if (claim === 'nbf') {
    return timeMs > nowMs
      ? { ...base, display, timeMs, tone: 'warning', note: `not valid until ${when}` }
      : { ...base, display, timeMs, tone: 'ok', note: `valid since ${when}` };
  }
  if (timeMs > nowMs + 60_000) {
    return { ...base, display, timeMs, tone: 'warning', note: `${when}, in the future` };
  }
  return { ...base, display, timeMs, note: when };
}

/** The registered claims present, then well-known ones, each explained. */
export function explainClaims(payload: TJsonObject, nowMs: number): ClaimExplanation[] {
  const registered = REGISTERED.filter(([claim]) => claim in payload).map(
    ([claim, name, description]) => explain(claim, name, description, payload[claim], nowMs),
  );
  const known = Object.keys(payload)
    .filter((claim) => claim in WELL_KNOWN)
    .map((claim) => {
      const [name, description] = WELL_KNOWN[claim]!;
      return explain(claim, name, description, payload[claim], nowMs);
    });
  return [...registered, ...known];
}

export type TTokenTimeStatus = 'valid' | 'expired' | 'not_yet_valid' | 'no_expiry' | 'bad_times';

export interface TokenTiming {
  status: TTokenTimeStatus;
  /** e.g. "Expired 5 minutes ago", "Valid for 2 hours 3 minutes". */
  summary: string;
}

/** Whether the token is valid at `nowMs` by its exp and nbf claims (no clock skew allowed). */
export function tokenTiming(payload: TJsonObject, nowMs: number): TokenTiming {
  const { exp, nbf } = payload;
  const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  if ((exp !== undefined && !isTime(exp)) || (nbf !== undefined && !isTime(nbf))) {
    return { status: 'bad_times', summary: 'exp or nbf is not a number of seconds' };
  }
  if (isTime(nbf) && nbf * 1000 > nowMs) {
    return {
      status: 'not_yet_valid',
      summary: `Not valid yet: usable in ${formatDuration(nbf * 1000 - nowMs)}`,
    };
  }
  if (!isTime(exp))
    return { status: 'no_expiry', summary: 'No expiry: the token has no exp claim' };
  if (exp * 1000 <= nowMs) {
    return { status: 'expired', summary: `Expired ${formatDuration(nowMs - exp * 1000)} ago` };
  }
  return { status: 'valid', summary: `Valid for ${formatDuration(exp * 1000 - nowMs)}` };
}
