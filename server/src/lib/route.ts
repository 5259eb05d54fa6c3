import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ZApiError } from '@stratum/core/contract/common';
import type { EndpointDef } from '@stratum/core/contract/endpoint';
import type { UserRow } from '../db/schema';
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

/** Registers one endpoint of the shared contract: validation, serialisation and auth come from it. */
export function addRoute<E extends EndpointDef>(
  app: FastifyInstance,
  authenticate: Authenticator,
  endpoint: E,
  /** Answers the response without `success: true`, which every success carries. */
  handler: (ctx: RouteContext<E>) => Promise<Omit<z.input<E['response']>, 'success'>>,
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
      const result = await handler({
        body: request.body as Out<E['body']>,
        query: request.query as Out<E['querystring']>,
        params: request.params as Out<E['params']>,
        auth: auth as RouteContext<E>['auth'],
        request,
        reply,
      });
      return { success: true, ...result };
    },
  });
}
