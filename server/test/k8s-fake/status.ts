/**
 * Status bodies, built the way k8s.io/apimachinery pkg/api/errors/errors.go builds them.
 * Key order is Go's struct order (kind, apiVersion, metadata, status, message, reason, details,
 * code); the shapes and texts are those in shared/k8s/wire-examples.json.
 */
import type { KindInfo } from './kinds';

export interface StatusCause {
  reason?: string;
  message?: string;
  field?: string;
}

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
}

export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: { continue?: string };
  status: 'Failure';
  message: string;
  reason?: string;
  details?: StatusDetails;
  code: number;
}

/** A Status as an error: handlers throw it and the router writes it. */
export class StatusError extends Error {
  readonly headers: Record<string, string>;
  constructor(
    readonly status: Status,
    headers: Record<string, string> = {},
  ) {
    super(status.message);
    this.headers = headers;
  }
  get code(): number {
    return this.status.code;
  }
}

export function status(
  code: number,
  message: string,
  reason?: string,
  details?: StatusDetails,
  metadata: Status['metadata'] = {},
): Status {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata,
    status: 'Failure',
    message,
    ...(reason ? { reason } : {}),
    ...(details ? { details } : {}),
    code,
  };
}

function resourceDetails(info: KindInfo, name?: string): StatusDetails {
  const details: StatusDetails = {};
  if (name) details.name = name;
  if (info.group) details.group = info.group;
  details.kind = info.resource;
  return details;
}

function qualified(info: KindInfo): string {
  return info.group ? `${info.resource}.${info.group}` : info.resource;
}

export const errors = {
  notFound(info: KindInfo, name: string): StatusError {
    return new StatusError(
      status(
        404,
        `${qualified(info)} "${name}" not found`,
        'NotFound',
        resourceDetails(info, name),
      ),
    );
  },
  namespaceNotFound(namespace: string): StatusError {
    return new StatusError(
      status(404, `namespaces "${namespace}" not found`, 'NotFound', {
        name: namespace,
        kind: 'namespaces',
      }),
    );
  },
  /** Unknown path: what the apiserver's NotFound handler answers. */
  noResource(): StatusError {
    return new StatusError(
      status(404, 'the server could not find the requested resource', 'NotFound', {}),
    );
  },
  alreadyExists(info: KindInfo, name: string): StatusError {
    return new StatusError(
      status(
        409,
        `${qualified(info)} "${name}" already exists`,
        'AlreadyExists',
        resourceDetails(info, name),
      ),
    );
  },
  conflict(info: KindInfo, name: string, why: string): StatusError {
    return new StatusError(
      status(
        409,
        `Operation cannot be fulfilled on ${qualified(info)} "${name}": ${why}`,
        'Conflict',
        resourceDetails(info, name),
      ),
    );
  },
  badRequest(message: string): StatusError {
    return new StatusError(status(400, message, 'BadRequest'));
  },
  /** 422 for an options object (PatchOptions, CreateOptions, ListOptions…). */
  invalidOptions(kind: string, causes: Required<StatusCause>[]): StatusError {
    const text = causes.map((c) => `${c.field}: ${c.message}`);
    const message = `${kind}.meta.k8s.io "" is invalid: ${text.length === 1 ? text[0] : `[${text.join(', ')}]`}`;
    return new StatusError(status(422, message, 'Invalid', { group: 'meta.k8s.io', kind, causes }));
  },
  /** 422 for an object: `Deployment.apps "web" is invalid: …`. */
  invalid(
    kindName: string,
    group: string,
    name: string,
    causes: Required<StatusCause>[],
  ): StatusError {
    const text = causes.map((c) => `${c.field}: ${c.message}`);
    const qualifiedKind = group ? `${kindName}.${group}` : kindName;
    const message = `${qualifiedKind} "${name}" is invalid: ${text.length === 1 ? text[0] : `[${text.join(', ')}]`}`;
    const details: StatusDetails = { name };
    if (group) details.group = group;
    details.kind = kindName;
    details.causes = causes;
    return new StatusError(status(422, message, 'Invalid', details));
  },
  unauthorized(): StatusError {
    return new StatusError(status(401, 'Unauthorized', 'Unauthorized'));
  },
  forbidden(info: { group: string; resource: string }, name: string, message: string): StatusError {
    const qualifiedName = info.group ? `${info.resource}.${info.group}` : info.resource;
    const head = name ? `${qualifiedName} "${name}"` : qualifiedName;
    const details: StatusDetails = {};
    if (name) details.name = name;
    if (info.group) details.group = info.group;
    details.kind = info.resource;
    return new StatusError(status(403, `${head} is forbidden: ${message}`, 'Forbidden', details));
  },
  expired(message: string, continueToken?: string): StatusError {
    const metadata = continueToken ? { continue: continueToken } : {};
    return new StatusError(status(410, message, 'Expired', undefined, metadata));
  },
  tooLargeResourceVersion(requested: number, current: number): StatusError {
    return new StatusError(
      status(504, `Too large resource version: ${requested}, current: ${current}`, 'Timeout', {
        causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
        retryAfterSeconds: 1,
      }),
      { 'Retry-After': '1' },
    );
  },
  methodNotAllowed(method: string): StatusError {
    return new StatusError(
      status(
        405,
        `the server does not allow this method on the requested resource`,
        'MethodNotAllowed',
        {},
      ),
      { Allow: method },
    );
  },
  unsupportedMediaType(contentType: string): StatusError {
    return new StatusError(
      status(
        415,
        `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml`,
        'UnsupportedMediaType',
        {},
      ),
      { 'X-Unsupported-Content-Type': contentType },
    );
  },
  /** A plain Go error mapped by responsewriters.ErrorToAPIStatus: 500, no reason. */
  internal(message: string): StatusError {
    return new StatusError(status(500, message));
  },
};
