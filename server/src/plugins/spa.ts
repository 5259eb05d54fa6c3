import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { TApiError } from '@stratum/core/contract/common';

import { WEB_ROOT } from '../paths';

/**
 * Serves the built web app with an SPA fallback: unknown non-API paths get index.html, unknown
 * API paths get the JSON 404.
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
    if (hasWeb && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
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
