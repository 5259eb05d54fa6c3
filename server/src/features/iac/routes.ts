import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getResourceType } from '@stratum/core/contract/iac/get-resource-type';
import { listResourceTypes } from '@stratum/core/contract/iac/list-resource-types';
import { lookupOver } from '@stratum/core/iac/catalog/generic/schema-data';
import { provideResourceSchemas } from '@stratum/core/iac/catalog/generic/schema-source';
import { addRoute, type Authenticator } from '../../lib/route';
import { ResourceTypes } from './resource-types';
import { SchemaStore } from './schema-store';

/** The data changes only with a new build of the server: a day is short enough. */
const CACHE_CONTROL = 'public, max-age=86400';

/**
 * Sets Cache-Control and a strong ETag of the answer; true when the client's copy is current
 * (the reply is then a bodiless 304).
 */
function cached(request: FastifyRequest, reply: FastifyReply, data: unknown): boolean {
  const etag = `"${createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 27)}"`;
  void reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
  const match = request.headers['if-none-match'];
  if (match !== undefined && match.split(',').some((t) => t.trim() === etag)) {
    void reply.code(304);
    return true;
  }
  return false;
}

/** Public schema data of the generic resource component: search and one type's schema. */
export function registerIacRoutes(
  app: FastifyInstance,
  schemaDir: URL,
  authenticate: Authenticator,
): void {
  const store = new SchemaStore(schemaDir);
  const types = new ResourceTypes(store);
  // The engine's generic builders read the same data when the planner generates code on this
  // server: blocks vs object arguments, the name and tags arguments, sensitive ones.
  provideResourceSchemas(lookupOver((provider) => store.get(provider)));
  addRoute(app, authenticate, listResourceTypes, ({ query, request, reply }) => {
    const data = types.search(query.provider, query.q, query.limit);
    cached(request, reply, data);
    return Promise.resolve({ data });
  });
  addRoute(app, authenticate, getResourceType, ({ params, request, reply }) => {
    const data = types.detail(params.provider, params.type);
    cached(request, reply, data);
    return Promise.resolve({ data });
  });
}
