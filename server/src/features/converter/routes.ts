import type { FastifyInstance } from 'fastify';
import { CONVERT_MAX_BYTES, convert } from '@stratum/core/contract/converter/convert';
import { validateConverted } from '@stratum/core/contract/converter/validate';
import { validateFiles } from '@stratum/cli/checks/validate-files';
import { addRoute, type Authenticator } from '../../lib/route';
import { tooLarge } from './unpack';
import { convertUpload } from './service';

/**
 * A 5 MB zip arrives as base64 (4/3 of its size) inside JSON; the unpacked files are held to 5 MB
 * by the service, so the body may be a third larger than that.
 */
export const CONVERT_BODY_LIMIT = Math.ceil((CONVERT_MAX_BYTES * 4) / 3) + 64 * 1024;

/** Conversions parse and validate whole configurations: a few a minute per client is plenty. */
const CONVERTS_PER_MINUTE = 30;

/** Issue 15 §3: POST /api/converter/convert, and its validators for the assistant's answers. */
export function registerConverterRoutes(app: FastifyInstance, authenticate: Authenticator): void {
  addRoute(
    app,
    authenticate,
    convert,
    async ({ body, request }) => ({ data: await convertUpload(body, request.log) }),
    { bodyLimit: CONVERT_BODY_LIMIT, rateLimitPerMinute: CONVERTS_PER_MINUTE },
  );
  addRoute(
    app,
    authenticate,
    validateConverted,
    async ({ body }) => {
      const files = Object.entries(body.files).map(([path, content]) => ({ path, content }));
      if (files.reduce((n, f) => n + Buffer.byteLength(f.content), 0) > CONVERT_MAX_BYTES)
        throw tooLarge();
      return { data: { validation: await validateFiles(files) } };
    },
    { bodyLimit: CONVERT_BODY_LIMIT, rateLimitPerMinute: CONVERTS_PER_MINUTE },
  );
}
