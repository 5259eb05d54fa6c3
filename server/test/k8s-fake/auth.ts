/**
 * Bearer-token authentication and a small authorizer. A missing or unknown token is 401;
 * a read-only user may get/list/watch everything but secrets, and read pod logs, and gets
 * 403 with the real forbiddenMessage (k8s.io/apiserver pkg/endpoints/handlers/responsewriters/errors.go).
 */
import type { IncomingMessage } from 'node:http';
import { errors } from './status';

export interface FakeUser {
  name: string;
  /** Only get, list and watch; no secrets, no exec. */
  readOnly: boolean;
}

export interface Attributes {
  verb: string;
  group: string;
  resource: string;
  subresource?: string;
  namespace?: string;
  name?: string;
}

export class Authenticator {
  private readonly users = new Map<string, FakeUser>();

  add(token: string, user: FakeUser): void {
    this.users.set(token, user);
  }

  authenticate(req: IncomingMessage): FakeUser {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const user = match ? this.users.get(match[1]!) : undefined;
    if (!user) throw errors.unauthorized();
    return user;
  }
}

const READ_VERBS = new Set(['get', 'list', 'watch']);

function allowed(user: FakeUser, attrs: Attributes): boolean {
  if (!user.readOnly) return true;
  if (!READ_VERBS.has(attrs.verb)) return false;
  if (attrs.resource === 'secrets') return false;
  if (attrs.subresource && !(attrs.resource === 'pods' && attrs.subresource === 'log'))
    return false;
  return true;
}

export function forbiddenMessage(user: FakeUser, attrs: Attributes): string {
  const resource = attrs.subresource ? `${attrs.resource}/${attrs.subresource}` : attrs.resource;
  const where = attrs.namespace ? `in the namespace "${attrs.namespace}"` : 'at the cluster scope';
  return `User "${user.name}" cannot ${attrs.verb} resource "${resource}" in API group "${attrs.group}" ${where}`;
}

export function authorize(user: FakeUser, attrs: Attributes): void {
  if (allowed(user, attrs)) return;
  throw errors.forbidden(attrs, attrs.name ?? '', forbiddenMessage(user, attrs));
}
