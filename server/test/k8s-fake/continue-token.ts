/**
 * Continue tokens in the real format (k8s.io/apiserver pkg/storage/continue.go): base64url
 * without padding of `{"v":"meta.k8s.io/v1","rv":<int64>,"start":"<key after prefix>\u0000"}`.
 */
import { errors } from './status';

export interface ContinueToken {
  rv: number;
  start: string;
}

export function encodeContinue(rv: number, start: string): string {
  return Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv, start })).toString('base64url');
}

function invalid(detail: string): never {
  throw errors.badRequest(`invalid continue token: ${detail}`);
}

export function decodeContinue(token: string): ContinueToken {
  const bad = /[^A-Za-z0-9_-]/.exec(token);
  if (bad) invalid(`continue key is not valid: illegal base64 data at input byte ${bad.index}`);
  if (token.length % 4 === 1)
    invalid(`continue key is not valid: illegal base64 data at input byte ${token.length - 1}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    invalid('continue key is not valid: invalid character looking for beginning of value');
  }
  const value = parsed as { v?: unknown; rv?: unknown; start?: unknown };
  if (!value || typeof value !== 'object' || value.v !== 'meta.k8s.io/v1') {
    invalid('continue key is not valid: server does not recognize this encoded version');
  }
  if (typeof value.start !== 'string' || value.start.length === 0) {
    invalid('continue key is not valid: encoded start key empty (version meta.k8s.io/v1)');
  }
  if (
    typeof value.rv !== 'number' ||
    !Number.isInteger(value.rv) ||
    value.rv === 0 ||
    value.rv < -1
  ) {
    invalid(
      'continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)',
    );
  }
  // Path traversal guard, as DecodeContinue does with path.Clean.
  const key = value.start.startsWith('/') ? value.start : `/${value.start}`;
  if (key.split('/').some((part) => part === '..' || part === '.') || key.includes('//')) {
    invalid(`continue key is not valid: ${value.start}`);
  }
  return { rv: value.rv, start: key.slice(1) };
}
