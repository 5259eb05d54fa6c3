import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createStreamTicket,
  logStream,
  watchStream,
  ZExecQuery,
} from '@stratum/core/contract/k8s/streams';
import { AppError } from '../../../lib/errors';
import { addRoute, type Authenticator, type RequestAuth } from '../../../lib/route';
import { issueTicket } from '../../../lib/socket-guard';
import { streamAuthenticator, type StreamTickets } from '../../../lib/stream-tickets';
import type { StreamClusterOpener } from './cluster-seam';
import { registerExecSocket } from './exec-socket';
import { LogStream } from './log-stream';
import { openSse, type SseChannel } from '../../../lib/sse';
import type { StreamSlots } from './stream-slots';
import { WatchStream } from './watch-stream';

export interface StreamDeps {
  clusters: StreamClusterOpener;
  tickets: StreamTickets;
  slots: StreamSlots;
  /** Origins a browser may open the exec socket from (the public URL's). */
  allowedOrigins: string[];
}

/** Tickets, the watch and log event streams, and the exec socket (issue 11 §6). */
export function registerK8sStreamRoutes(
  app: FastifyInstance,
  deps: StreamDeps,
  authenticate: Authenticator,
): void {
  const streamAuth = streamAuthenticator(deps.tickets, authenticate);
  const signedIn = async (request: FastifyRequest): Promise<RequestAuth> => {
    const auth = await streamAuth(request);
    if (!auth) {
      throw new AppError(
        'auth/unauthorized',
        'Your session has expired or is invalid, or the stream ticket was already used. Please sign in again.',
      );
    }
    return auth;
  };

  addRoute(app, authenticate, createStreamTicket, issueTicket(deps.tickets), {
    rateLimitPerMinute: 120,
  });

  // Open event streams end when the server closes: server.close() waits for every connection,
  // and the browser's EventSource reconnects (to this instance restarted, or another one).
  const open = new Set<SseChannel>();
  app.addHook('preClose', (done) => {
    for (const channel of open) channel.end();
    done();
  });
  const stream = (reply: Parameters<typeof openSse>[0]): SseChannel => {
    const channel = openSse(reply);
    open.add(channel);
    channel.onClose(() => open.delete(channel));
    return channel;
  };

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const streamDoc = (summary: string) => ({
    summary,
    tags: ['k8'],
    description:
      'text/event-stream: one JSON message per `data:` line; `: keep-alive` comments every 25 s. Authenticate with `?ticket=` (POST /api/k8/stream-tickets) or `Authorization: Bearer`.',
    security: [{ bearerAuth: [] }],
  });

  typed.get(
    watchStream.path,
    {
      schema: {
        ...streamDoc(watchStream.summary),
        params: watchStream.params,
        querystring: watchStream.querystring,
      },
    },
    async (request, reply) => {
      const auth = await signedIn(request);
      const cluster = await deps.clusters.open(auth.user.id, request.params.clusterId);
      const release = deps.slots.acquire(auth.user.id);
      const sse = stream(reply);
      const watch = new WatchStream({
        kubeConfig: cluster.kubeConfig,
        kind: request.params.kind,
        namespace: request.query.namespace || undefined,
        labelSelector: request.query.labelSelector || undefined,
        send: (event) => sse.send(event),
        onEnd: () => sse.end(),
      });
      sse.onClose(() => {
        watch.stop();
        release();
      });
      await watch.start();
    },
  );

  typed.get(
    logStream.path,
    {
      schema: {
        ...streamDoc(logStream.summary),
        params: logStream.params,
        querystring: logStream.querystring,
      },
    },
    async (request, reply) => {
      const auth = await signedIn(request);
      const cluster = await deps.clusters.open(auth.user.id, request.params.clusterId);
      const release = deps.slots.acquire(auth.user.id);
      const sse = stream(reply);
      const { namespace, container, tail, since, follow } = request.query;
      const logs = new LogStream({
        kubeConfig: cluster.kubeConfig,
        namespace: namespace || cluster.namespace,
        pod: request.params.pod,
        container: container || undefined,
        tail,
        since,
        follow: follow === 'true',
        send: (event) => sse.send(event),
        onEnd: () => sse.end(),
      });
      sse.onClose(() => {
        logs.stop();
        release();
      });
      await logs.start();
    },
  );

  registerExecSocket(app, deps, signedIn, ZExecQuery);
}
