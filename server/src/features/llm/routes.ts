import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@stratum/core/contract/common';
import { chatStream, createLlmStreamTicket } from '@stratum/core/contract/llm/chat';
import { generateWithLlm, ZGenerateFailure } from '@stratum/core/contract/llm/generate';
import { listLlmHistory } from '@stratum/core/contract/llm/history';
import { deleteOwnLlmKey, saveOwnLlmKey } from '@stratum/core/contract/llm/own-key';
import { getLlmSettings, saveLlmSettings } from '@stratum/core/contract/llm/settings';
import { getLlmStatus } from '@stratum/core/contract/llm/status';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { actorOf } from '../../lib/audit';
import { DenyList, ownServices, type EgressPolicy } from '../../lib/egress';
import { AppError } from '../../lib/errors';
import { requireStaff } from '../../lib/permissions';
import { addRoute, type Authenticator, type RequestAuth } from '../../lib/route';
import type { SharedState } from '../../lib/shared-state';
import { streamAuthenticator, StreamTickets } from '../../lib/stream-tickets';
import type { JobRunner } from '../../lib/jobs/pool';
import { chatCodeOf, chatDesignOf, type TLlmJobs } from './chat-context';
import { checkBaseUrl } from './endpoint-check';
import { listMessages, presentMessage } from './messages-repository';
import { AssistantService, GenerateFailure, type AssistantDeps } from './service';
import { LlmSettings } from './settings';
import { openChatSse } from './sse';

export interface LlmDeps {
  db: Db;
  shared: SharedState;
  config: Config;
  egress: EgressPolicy;
  encryptionKey: Buffer;
  tokenHmacKey: Buffer;
  /** Stratum's own database, never reachable as a model endpoint. */
  databaseUrl?: string;
  /** Tests shorten the model's deadline. */
  timeoutMs?: number;
  prices?: AssistantDeps['prices'];
  /** The worker pool the engine runs in when a chat asks about generated code (decision 0032). */
  jobs: JobRunner<TLlmJobs>;
}

/** Issue 15 §5: the assistant's settings, §7 generate, the chat stream and the history. */
export function registerLlmRoutes(
  app: FastifyInstance,
  deps: LlmDeps,
  authenticate: Authenticator,
): void {
  const settings = new LlmSettings({ ...deps, config: deps.config });
  const deny = new DenyList(
    ownServices({
      httpPorts: () => {
        const address = app.server.address();
        return [
          deps.config.port,
          ...(typeof address === 'object' && address ? [address.port] : []),
        ];
      },
      databaseUrl: deps.databaseUrl ?? deps.config.databaseUrl,
      redisUrl: deps.config.redisUrl,
    }),
  );
  const assistant = new AssistantService({
    db: deps.db,
    shared: deps.shared,
    settings,
    egress: { egress: deps.egress, deny },
    timeoutMs: deps.timeoutMs,
    prices: deps.prices,
  });
  const tickets = new StreamTickets(deps.db, deps.tokenHmacKey);
  const streamAuth = streamAuthenticator(tickets, authenticate);

  addRoute(app, authenticate, getLlmStatus, async ({ auth }) => ({
    data: await assistant.status(auth.user),
  }));

  addRoute(app, authenticate, getLlmSettings, async ({ auth }) => {
    requireStaff(auth, 'system.manage');
    return { data: await settings.view() };
  });

  addRoute(app, authenticate, saveLlmSettings, async ({ auth, body, request }) => {
    requireStaff(auth, 'system.manage');
    await checkBaseUrl(body.baseUrl, { egress: deps.egress, deny });
    return { data: await settings.save(body, actorOf(auth, request)) };
  });

  addRoute(app, authenticate, saveOwnLlmKey, async ({ auth, body, request }) => ({
    data: await settings.saveOwnKey(actorOf(auth, request), body.apiKey),
  }));

  addRoute(app, authenticate, deleteOwnLlmKey, async ({ auth, request }) => ({
    data: await settings.deleteOwnKey(actorOf(auth, request)),
  }));

  addRoute(app, authenticate, listLlmHistory, async ({ auth }) => ({
    data: (await listMessages(deps.db, auth.user.id)).map(presentMessage),
  }));

  addRoute(
    app,
    authenticate,
    createLlmStreamTicket,
    async ({ auth }) => {
      const { ticket, expiresAt } = await tickets.issue(auth);
      return { data: { ticket, expiresAt: expiresAt.toISOString() } };
    },
    { rateLimitPerMinute: 120 },
  );

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = async (request: FastifyRequest, viaTicket: boolean): Promise<RequestAuth> => {
    const auth = viaTicket ? await streamAuth(request) : await authenticate(request);
    if (!auth) {
      throw new AppError(
        'auth/unauthorized',
        'Your session has expired or is invalid. Please sign in again.',
      );
    }
    return auth;
  };

  // §7: every failure answers the error shape plus a placeholder result (its ERROR.md).
  const failure = ZGenerateFailure.extend({ result: ZGenerateFailure.shape.result.optional() });
  typed.post(
    generateWithLlm.path,
    {
      schema: {
        summary: generateWithLlm.summary,
        tags: ['llm'],
        security: [{ bearerAuth: [] }],
        'x-audit': generateWithLlm.audit,
        body: generateWithLlm.body,
        response: { 200: generateWithLlm.response, '4xx': failure, '5xx': failure },
      },
    },
    async (request, reply) => {
      const auth = await signedIn(request, false);
      try {
        return {
          success: true as const,
          ...(await assistant.generate(auth, request, request.body)),
        };
      } catch (error) {
        if (!(error instanceof GenerateFailure)) throw error;
        const { code, message, extra } = error.error;
        if (extra.retryAfterSeconds !== undefined) {
          void reply.header('retry-after', String(extra.retryAfterSeconds));
        }
        return reply.status(error.error.status).send({
          success: false,
          code,
          message,
          result: error.result,
          ...(extra.retryAfterSeconds !== undefined && {
            retryAfterSeconds: extra.retryAfterSeconds,
          }),
          ...(extra.issues && { issues: extra.issues }),
        });
      }
    },
  );

  typed.post(
    chatStream.path,
    {
      schema: {
        summary: chatStream.summary,
        tags: ['llm'],
        description:
          'text/event-stream: one JSON event per `data:` line (delta, patch, patch_invalid, done, error); `: keep-alive` comments every 25 s. Authenticate with `Authorization: Bearer` or `?ticket=` (POST /api/llm/stream-tickets). Errors before the stream opens (no model configured, rate limit, project) answer JSON.',
        security: [{ bearerAuth: [] }],
        'x-audit': chatStream.audit,
        body: chatStream.body,
        querystring: chatStream.querystring,
        response: { '4xx': ZApiError, '5xx': ZApiError },
      },
    },
    async (request, reply) => {
      const auth = await signedIn(request, true);
      const context = await chatDesignOf(deps.db, auth.user, request.body);
      const endpoint = await assistant.admit(auth.user);
      // After the admission: without a model (or over the rate) the engine does not run.
      const code = await chatCodeOf(deps, auth.user, request.body, context.design);
      const channel = openChatSse(reply);
      try {
        await assistant.chat(auth, request, {
          body: request.body,
          endpoint,
          ...context,
          code,
          signal: channel.signal,
          send: (event) => channel.send(event),
        });
      } catch (error) {
        request.log.error({ err: error }, 'assistant chat failed');
        channel.send({
          type: 'error',
          code: 'internal/error',
          message: 'Something went wrong on the server',
        });
      } finally {
        channel.end();
      }
    },
  );
}
