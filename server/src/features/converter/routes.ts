import type { FastifyInstance } from 'fastify';
import { CONVERT_MAX_BYTES, convert } from '@stratum/core/contract/converter/convert';
import { validateConverted } from '@stratum/core/contract/converter/validate';
import type { JobRunner } from '../../lib/jobs/pool';
import { addRoute, type Authenticator } from '../../lib/route';
import type { TConverterJobs } from './job';
import { convertUpload } from './service';

/**
 * A 5 MB zip arrives as base64 (4/3 of its size) inside JSON; the unpacked files are held to 5 MB
 * by the service, so the body may be a third larger than that.
 */
export const CONVERT_BODY_LIMIT = Math.ceil((CONVERT_MAX_BYTES * 4) / 3) + 64 * 1024;

/** Conversions parse and validate whole configurations: a few a minute per client is plenty. */
const CONVERTS_PER_MINUTE = 30;

/**
 * Issue 15 §3: POST /api/converter/convert, and its validators for the assistant's answers. Both
 * run in the worker pool (`jobs`), off the event loop.
 */
export function registerConverterRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  jobs: JobRunner<TConverterJobs>,
): void {
  addRoute(
    app,
    authenticate,
    convert,
    async ({ body, request }) => ({ data: await convertUpload(jobs, body, request.log) }),
    { bodyLimit: CONVERT_BODY_LIMIT, rateLimitPerMinute: CONVERTS_PER_MINUTE },
  );
  addRoute(
    app,
    authenticate,
    validateConverted,
    async ({ body }) => ({
      data: { validation: await jobs.run('validate', body, 'Validating these files') },
    }),
    { bodyLimit: CONVERT_BODY_LIMIT, rateLimitPerMinute: CONVERTS_PER_MINUTE },
  );
}
