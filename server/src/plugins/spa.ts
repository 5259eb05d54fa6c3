import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TApiError } from '@stratum/core/contract/common';

import { WEB_ROOT } from '../paths';
import { usePageHeaders } from './security-headers';

/** A browser loading a page: `Sec-Fetch-Mode: navigate`, or (older browsers) asking for HTML. */
function isNavigation(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (mode !== undefined) return mode === 'navigate';
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built web app with an SPA fallback: unknown non-API paths get index.html; unknown
 * API paths get the JSON 404, unless a browser navigates to them (the app has pages there too).
 */
export async function registerSpa(app: FastifyInstance, webRoot: string = WEB_ROOT): Promise<void> {
  const hasWeb = existsSync(`${webRoot}/index.html`);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false, // one route per built file; everything else falls through to index.html
      index: false,
      preCompressed: true, // .br / .gz written by web/compress.mjs at build time
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // /api is also a page of the web app: a reload or bookmark of it is a navigation, which
    // gets the app; calls from code (fetch sends no `navigate`) keep the JSON 404.
    if (hasWeb && isRead && (!isApi || isNavigation(request))) {
      if (isApi) usePageHeaders(reply);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const body: TApiError = {
      success: false,
      code: 'request/not_found',
      message: `No route for ${request.method} ${path}`,
    };
    return reply.status(404).send(body);
  });
}
