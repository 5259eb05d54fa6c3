/**
 * The request pipeline of a kube-apiserver, in its order: authentication (401), discovery,
 * path resolution (404), authorization (403), then the verb's handler.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { patchObject } from './apply';
import { authorize, type Authenticator, type FakeUser } from './auth';
import { discovery } from './discovery';
import { boolParam, readBody, sendError, sendJson } from './http';
import { listObjects } from './lists';
import type { PodLogs } from './logs';
import { parseResourcePath, type ResourcePath } from './routes';
import { errors } from './status';
import type { FakeStore } from './store';
import type { Watches } from './watch';
import { warningHeader } from './write-options';
import { createObject, deleteObject, replaceObject } from './writes';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  contentType?: string;
  user?: string;
}

export interface RouterDeps {
  store: FakeStore;
  auth: Authenticator;
  watches: Watches;
  logs: PodLogs;
  serverAddress: () => string;
  requests: RecordedRequest[];
}

const VERB_BY_METHOD: Record<string, string> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'patch',
  DELETE: 'delete',
};

function verbOf(method: string, route: ResourcePath, query: URLSearchParams): string {
  if (method === 'GET') {
    if (route.name === undefined)
      return route.watchPrefix || boolParam(query, 'watch') ? 'watch' : 'list';
    return route.watchPrefix || boolParam(query, 'watch') ? 'watch' : 'get';
  }
  if (method === 'DELETE' && route.name === undefined) return 'deletecollection';
  const verb = VERB_BY_METHOD[method];
  if (!verb) throw errors.methodNotAllowed(method);
  return verb;
}

/** Authenticates a request and records it; shared by the HTTP and the WebSocket paths. */
export function admit(req: IncomingMessage, deps: RouterDeps): { url: URL; user: FakeUser } {
  const url = new URL(req.url ?? '/', 'https://fake.invalid');
  const record: RecordedRequest = {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: url.searchParams,
  };
  if (req.headers['content-type']) record.contentType = req.headers['content-type'];
  deps.requests.push(record);
  const user = deps.auth.authenticate(req);
  record.user = user.name;
  return { url, user };
}

export async function route(
  req: IncomingMessage,
  res: ServerResponse,
  deps: RouterDeps,
): Promise<void> {
  try {
    const { url, user } = admit(req, deps);
    const method = req.method ?? 'GET';
    const query = url.searchParams;
    const doc = method === 'GET' ? discovery(url.pathname, deps.serverAddress()) : undefined;
    if (doc !== undefined) return sendJson(res, 200, doc);
    const path = parseResourcePath(url.pathname);
    if (!path) throw errors.noResource();
    const { info, namespace, name, subresource } = path;
    const verb = subresource === 'exec' ? 'create' : verbOf(method, path, query);
    authorize(user, {
      verb,
      group: info.group,
      resource: info.resource,
      subresource,
      namespace,
      name,
    });

    if (subresource === 'exec') throw errors.badRequest('Upgrade request required');
    if (subresource === 'log') {
      if (method !== 'GET') throw errors.methodNotAllowed('GET');
      return deps.logs.serve(req, res, namespace!, name!, query);
    }
    const target = { info, namespace, name: name! };
    const userAgent = req.headers['user-agent'] ?? '';
    switch (verb) {
      case 'list':
        return sendJson(res, 200, listObjects(deps.store, { info, namespace, query }));
      case 'watch':
        if (name !== undefined)
          query.set(
            'fieldSelector',
            [query.get('fieldSelector'), `metadata.name=${name}`].filter(Boolean).join(','),
          );
        return deps.watches.serve(req, res, { info, namespace, query });
      case 'get': {
        const object = deps.store.get(info, namespace, name!);
        if (!object) throw errors.notFound(info, name!);
        return sendJson(res, 200, object);
      }
      case 'patch': {
        const body = await readBody(req);
        const result = patchObject(
          deps.store,
          target,
          body,
          req.headers['content-type'] ?? '',
          query,
          userAgent,
        );
        return sendJson(res, result.code, result.object, warningHeader(result.warnings));
      }
      case 'create': {
        if (name !== undefined) throw errors.methodNotAllowed('GET, PATCH, PUT, DELETE');
        const result = createObject(
          deps.store,
          info,
          namespace,
          await readBody(req),
          query,
          userAgent,
        );
        return sendJson(res, result.code, result.object, warningHeader(result.warnings));
      }
      case 'update': {
        const result = replaceObject(deps.store, target, await readBody(req), query, userAgent);
        return sendJson(res, result.code, result.object, warningHeader(result.warnings));
      }
      case 'delete': {
        const result = deleteObject(deps.store, target, query);
        return sendJson(res, result.code, result.body);
      }
      default:
        throw errors.methodNotAllowed('GET, POST');
    }
  } catch (error) {
    sendError(res, error);
  }
}
