/** Response helpers: the headers a real apiserver sends, and Status bodies for errors. */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errors, StatusError } from './status';

export function baseHeaders(contentType = 'application/json'): Record<string, string> {
  return {
    'Audit-Id': randomUUID(),
    'Cache-Control': 'no-cache, private',
    'Content-Type': contentType,
    'X-Kubernetes-Pf-Flowschema-Uid': 'c8a4b1f0-5b7e-4a8e-9f21-0d1c2b3a4e5f',
    'X-Kubernetes-Pf-Prioritylevel-Uid': '7e2d9c41-3f6a-4b8d-8e0c-1a2b3c4d5e6f',
  };
}

export function sendJson(
  res: ServerResponse,
  code: number,
  body: unknown,
  headers: Record<string, string | string[]> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(code, { ...baseHeaders(), 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendError(res: ServerResponse, error: unknown): void {
  const statusError =
    error instanceof StatusError
      ? error
      : errors.internal(error instanceof Error ? error.message : String(error));
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, statusError.code, statusError.status, {
    'X-Content-Type-Options': 'nosniff',
    ...statusError.headers,
  });
}

const MAX_BODY = 3 * 1024 * 1024;

/** The request body (the real server caps request bodies at 3 MiB). */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) {
      throw new StatusError({
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'the server has received too large of a request body',
        reason: 'RequestEntityTooLarge',
        code: 413,
      });
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `?flag=true|1` — Go's strconv.ParseBool accepts more, these are what clients send. */
export function boolParam(query: URLSearchParams, name: string): boolean {
  const value = query.get(name);
  return value === 'true' || value === '1' || value === 'True' || value === 'TRUE' || value === 't';
}
