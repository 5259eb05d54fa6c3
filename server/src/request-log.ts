import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A request slower than this is always logged (warn), whatever the level. */
export const SLOW_REQUEST_MS = 1000;

/**
 * Which request lines Fastify writes: every request at debug; at the default level (info) only
 * server errors (error), slow requests (warn) and failures while answering. A 4xx is the
 * client's doing and stays at debug, so a flood of bad requests cannot flood the log.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: loggable(request) }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: loggable(request), res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode >= 500) reply.log.error(line, 'request failed');
    else if (reply.elapsedTime > SLOW_REQUEST_MS) reply.log.warn(line, 'slow request');
    else reply.log.debug(line, 'request completed');
  }

  override defaultErrorLog(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) reply.log.error({ err: error }, error.message);
    else reply.log.debug({ err: error }, error.message);
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug(`Route ${request.raw.method}:${redactUrl(request.raw.url ?? '')} not found`);
  }
}

/** Query parameters that carry a credential (stream tickets) and so never reach a log line. */
const SECRET_QUERY = /([?&](?:ticket|token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** The request as the logger's serializer sees it, with secrets in the URL blanked. */
function loggable(request: FastifyRequest): FastifyRequest {
  // Inherits every field (and getter) from the request; only `url` is shadowed.
  return Object.create(request, {
    url: { value: redactUrl(request.url), enumerable: true },
  }) as FastifyRequest;
}
