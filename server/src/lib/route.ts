import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ZApiError } from '@stratum/core/contract/common';
import type { EndpointDef } from '@stratum/core/contract/endpoint';
import type { UserRow } from '../db/schema';
import { auditRecord, type AuditRecord } from './audit';
import { AppError } from './errors';

export interface RequestAuth {
  sessionId: string;
  user: UserRow;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteContext<E extends EndpointDef> {
  body: Out<E['body']>;
  query: Out<E['querystring']>;
  params: Out<E['params']>;
  auth: E['auth'] extends true ? RequestAuth : RequestAuth | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Authenticator = (request: FastifyRequest) => Promise<RequestAuth | undefined>;

export interface RouteOptions {
  /** Per-route rate limit (requests per minute per client address). */
  rateLimitPerMinute?: number;
  /** The largest body this route reads, when it needs more than the app's 1 MiB. */
  bodyLimit?: number;
}

/**
 * What a mutating route that declares an audit action and wrote none does: `throw` under tests
 * (so the integration test of that route fails), `log` an error in production (the change is
 * already committed; failing the request would only hide it). Set once by `buildApp`.
 */
let missingAudit: 'throw' | 'log' = 'log';
export function setMissingAuditMode(mode: 'throw' | 'log'): void {
  missingAudit = mode;
}

/** A success answer already written as JSON text (`answerWithJson`). */
export class JsonAnswer {
  constructor(readonly text: string) {}
}

/**
 * The answer `{ success: true, ...build(slot) }` of `endpoint` as JSON text, with `json` written
 * verbatim where `build` placed `slot`: a route that holds a large part of its answer as JSON
 * text already (a generation's files, as stored) sends it without parsing and serialising it
 * again on the event loop. `build` is typed by the endpoint's answer, but the answer skips the
 * response schema at run time; `T` is the type of the part the text stands for.
 */
export function answerWithJson<E extends EndpointDef, T>(
  _endpoint: E,
  json: string,
  build: (slot: T) => Omit<z.input<E['response']>, 'success'>,
): JsonAnswer {
  // A string no value holds: a NUL and a random id.
  const slot = `\u0000json:${randomUUID()}`;
  const text = JSON.stringify({ success: true, ...build(slot as unknown as T) });
  return new JsonAnswer(text.replace(JSON.stringify(slot), () => json));
}

/** Registers one endpoint of the shared contract: validation, serialisation and auth come from it. */
export function addRoute<E extends EndpointDef>(
  app: FastifyInstance,
  authenticate: Authenticator,
  endpoint: E,
  /** Answers the response without `success: true`, which every success carries. */
  handler: (ctx: RouteContext<E>) => Promise<Omit<z.input<E['response']>, 'success'> | JsonAnswer>,
  options: RouteOptions = {},
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.bodyLimit !== undefined && { bodyLimit: options.bodyLimit }),
    ...(options.rateLimitPerMinute !== undefined && {
      config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: 60_000 } },
    }),
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.path.split('/')[2] ?? 'api'],
      ...(endpoint.auth && { security: [{ bearerAuth: [] }] }),
      ...(endpoint.audit && { 'x-audit': endpoint.audit }),
      ...(endpoint.body && { body: endpoint.body }),
      ...(endpoint.querystring && { querystring: endpoint.querystring }),
      ...(endpoint.params && { params: endpoint.params }),
      response: { 200: endpoint.response, '4xx': ZApiError, '5xx': ZApiError },
    },
    handler: async (request, reply) => {
      const auth = endpoint.auth ? await authenticate(request) : undefined;
      if (endpoint.auth && !auth) {
        throw new AppError(
          'auth/unauthorized',
          'Your session has expired or is invalid. Please sign in again.',
        );
      }
      const record: AuditRecord = { written: [] };
      const result = await auditRecord.run(record, () =>
        handler({
          body: request.body as Out<E['body']>,
          query: request.query as Out<E['querystring']>,
          params: request.params as Out<E['params']>,
          auth: auth as RouteContext<E>['auth'],
          request,
          reply,
        }),
      );
      checkAudit(endpoint, record, request);
      if (result instanceof JsonAnswer) {
        // A string with a JSON content type is sent as it is (no serialiser runs).
        void reply.type('application/json; charset=utf-8');
        return result.text;
      }
      return { success: true, ...result };
    },
  });
}

/** The declared action was written, and written once per target. */
function checkAudit(endpoint: EndpointDef, record: AuditRecord, request: FastifyRequest): void {
  const spec = endpoint.audit;
  if (!spec || !('action' in spec) || record.unchanged !== undefined) return;
  const actions = spec.action.split('|');
  const written = record.written.filter((entry) =>
    actions.some((a) => entry.action === a || entry.action.startsWith(`${a}.`)),
  );
  const seen = new Set(written.map((entry) => `${entry.action} ${entry.targetId ?? ''}`));
  const problem =
    written.length === 0
      ? `wrote no audit entry "${spec.action}"`
      : seen.size < written.length
        ? `wrote audit entry "${spec.action}" twice for one target`
        : undefined;
  if (!problem) return;
  const message = `${endpoint.method} ${endpoint.path} ${problem}`;
  if (missingAudit === 'throw') throw new Error(message);
  request.log.error({ route: endpoint.path, written: record.written }, message);
}
