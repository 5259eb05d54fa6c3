import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_LIMITS } from '@stratum/core/api-client/model';
import { runRequest } from '@stratum/core/contract/api-client/run';
import { generateSnippet } from '@stratum/core/contract/api-client/snippet';
import {
  oauthCallback,
  oauthTokenStatus,
  startOAuth,
} from '@stratum/core/contract/api-client/oauth';
import { ZApiError } from '@stratum/core/contract/common';
import { actorOf } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { addRoute, type Authenticator } from '../../lib/route';
import { OAuthClient } from './auth-oauth2';
import { oauthCallbackPage } from './oauth-page';
import { OAuthService } from './oauth-service';
import { OAuthStore } from './oauth-store';
import { RunService } from './run-service';
import type { RunnerDeps } from './run-types';
import { ScriptSandbox } from './sandbox';
import { SnippetService } from './snippet-service';

/**
 * A run carries the whole request document: a 10 MiB body, or files as base64 (4/3 of it), plus
 * the rest. The app's default limit (1 MiB) is for everything else.
 */
export const RUN_BODY_LIMIT_BYTES =
  Math.ceil((API_LIMITS.requestBodyBytes * 4) / 3) + 2 * 1024 * 1024;

/** Aborted when the caller goes away before the answer (browser tab closed, fetch aborted). */
function cancelOnClose(reply: FastifyReply): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('the client went away'));
  };
  reply.raw.on('close', onClose);
  return { signal: controller.signal, done: () => reply.raw.off('close', onClose) };
}

/**
 * The API client's runner (issue 12 §3): run, code snippets and OAuth 2.0. Answers nothing;
 * the script sandbox's threads are stopped when the app closes.
 */
export async function registerRunRoutes(
  app: FastifyInstance,
  deps: RunnerDeps,
  authenticate: Authenticator,
): Promise<void> {
  const now = Date.now;
  const sandbox = new ScriptSandbox({ workers: 2 });
  app.addHook('onClose', () => sandbox.close());
  const oauthClient = new OAuthClient(deps.send, new OAuthStore(now), now);
  const runs = new RunService(deps, sandbox, oauthClient);
  const snippets = new SnippetService(deps);
  const oauth = new OAuthService(deps, runs, oauthClient);

  await app.register((scope, _options, done) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit = RUN_BODY_LIMIT_BYTES;
    });

    addRoute(scope, authenticate, runRequest, async ({ auth, body, reply, request }) => {
      const { signal, done: settled } = cancelOnClose(reply);
      try {
        return { data: await runs.run(auth.user.id, body, signal, actorOf(auth, request)) };
      } catch (error) {
        if (signal.aborted) throw new AppError('request/invalid', 'The request was cancelled.');
        throw error;
      } finally {
        settled();
      }
    });

    addRoute(scope, authenticate, generateSnippet, async ({ auth, body }) => ({
      data: await snippets.generate(auth.user.id, body),
    }));
    done();
  });

  addRoute(app, authenticate, startOAuth, async ({ auth, body }) => ({
    data: await oauth.start(auth.user.id, body),
  }));

  addRoute(app, authenticate, oauthTokenStatus, async ({ auth, body }) => ({
    data: await oauth.status(auth.user.id, body),
  }));

  // The provider's redirect: an HTML page, not the JSON envelope addRoute answers.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: oauthCallback.method,
    url: oauthCallback.path,
    schema: {
      summary: oauthCallback.summary,
      tags: ['api-client'],
      querystring: oauthCallback.querystring,
      response: { 200: z.string(), '4xx': ZApiError, '5xx': ZApiError },
    },
    handler: async (request, reply) => {
      const query = request.query;
      const outcome = await oauthClient.complete(query);
      const page = oauthCallbackPage({
        ...outcome,
        state: query.state,
        appOrigin: new URL(deps.publicUrl).origin,
      });
      return reply.headers(page.headers).send(page.html);
    },
  });
}
