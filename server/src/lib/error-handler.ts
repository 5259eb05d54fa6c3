import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@stratum/core/messages';
import type { TApiError } from '@stratum/core/contract/common';
import { AppError } from './errors';

/** Turns every failure into `{ success: false, message, code }`, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: TApiError;
    let status: number;
    if (error instanceof AppError) {
      status = error.status;
      body = { success: false, message: error.message, code: error.code, ...error.extra };
      if (error.extra.retryAfterSeconds !== undefined) {
        void reply.header('retry-after', String(error.extra.retryAfterSeconds));
      }
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        isMissing: /received undefined/.test(v.message ?? ''),
        message: v.message ?? 'Invalid value',
      }));
      const message = issues.some((i) => i.isMissing)
        ? MSG.fillAllFields
        : (issues[0]?.message ?? 'Invalid request');
      body = {
        success: false,
        code: 'request/invalid',
        message,
        issues: issues.map(({ path, message: m }) => ({ path, message: m })),
      };
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      status = 400;
      body = { success: false, code: 'request/too_large', message: 'Request body is too large' };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { success: false, code: 'request/rate_limited', message: MSG.tooManyAttempts };
    } else if (
      error.statusCode !== undefined &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      // Malformed JSON, wrong content type, empty body where one is needed…
      status = 400;
      body = { success: false, code: 'request/invalid', message: 'The request could not be read' };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      status = 500;
      body = {
        success: false,
        code: 'internal/error',
        message: 'Something went wrong on the server',
      };
    }
    return reply.status(status).send(body);
  });
}

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded (a lone surrogate or broken
 * percent-encoding in the path) is answered before routing, so the error handler never sees it.
 */
export function answerFrameworkError(error: FastifyError, reply: FastifyReply): void {
  const body: TApiError = {
    success: false,
    code: 'request/invalid',
    message:
      error.code === 'FST_ERR_BAD_URL'
        ? 'The request address could not be read'
        : 'The request could not be read',
  };
  void reply.status(400).send(body);
}
