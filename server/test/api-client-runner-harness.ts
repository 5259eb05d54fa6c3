import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type LightMyRequestResponse,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import { request as undiciRequest, errors as undiciErrors } from 'undici';
import type { TAuth } from '@stratum/core/api-client/model';
import type { TPlanId } from '@stratum/core/contract/common';
import { bearerAuthenticator } from '../src/features/auth/routes';
import { AuthService } from '../src/features/auth/service';
import { SessionStore } from '../src/features/auth/sessions';
import { registerRunRoutes } from '../src/features/api-client/run-routes';
import type {
  RunnerDeps,
  TCollectionContext,
  TRunHistoryEntry,
  TRunnerStore,
  TSend,
} from '../src/features/api-client/run-types';
import { MessageService } from '../src/features/messages/service';
import { SubscriptionService } from '../src/features/subscription/service';
import { registerErrorHandler } from '../src/lib/error-handler';
import { AppError } from '../src/lib/errors';
import { registerInputGuard } from '../src/lib/input-guard';
import { createMailer } from '../src/lib/mail/mailer';
import { deriveKeys } from '../src/lib/secrets';
import { createMemoryState } from '../src/lib/shared-state';
import { registerSecurityHeaders } from '../src/plugins/security-headers';
import { bearer, signUp, startTestServer, type TestServer } from './harness';
import { setPlan } from './planner-helpers';

/**
 * The runner's routes on the real database, until app.ts registers them: the base test server
 * (harness.ts) signs users up; a second Fastify app, built as buildApp builds one (compilers,
 * error handler, input guard, headers, rate limit, the same bearer authentication and the real
 * subscription service), serves registerRunRoutes. The proxy is a loopback-only `send` on
 * undici; the storage is an in-memory double of TRunnerStore (the real one is built beside this).
 */

/** Hosts the test `send` refuses as the egress policy would. */
export const REFUSED_HOST = 'refused.invalid';

/** A `send` with the proxy's contract, for loopback test servers. */
export const loopbackSend: TSend = async (input, signal) => {
  const url = new URL(input.url);
  if (url.hostname === REFUSED_HOST) {
    throw new AppError('api/egress_refused', `Requests to ${url.hostname} are not allowed.`);
  }
  const started = performance.now();
  const timeout = AbortSignal.timeout(input.timeoutMs ?? 30_000);
  try {
    const res = await undiciRequest(url, {
      method: input.method as never,
      headers: input.headers,
      ...(input.body !== undefined && {
        body: Buffer.from(input.body, input.bodyEncoding === 'base64' ? 'base64' : 'utf8'),
      }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const firstByte = performance.now() - started;
    const bytes = Buffer.from(await res.body.arrayBuffer());
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = v;
    const isText = /json|text|xml|form/.test(String(res.headers['content-type'] ?? 'text/plain'));
    const totalMs = performance.now() - started;
    return {
      status: res.statusCode,
      headers,
      body: isText ? bytes.toString('utf8') : bytes.toString('base64'),
      bodyEncoding: isText ? 'utf8' : 'base64',
      size: bytes.length,
      timings: { dnsMs: 0, connectMs: 0, tlsMs: 0, firstByteMs: firstByte, totalMs },
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timeout.aborted)
      throw new AppError('api/upstream_timeout', 'The server did not answer in time.');
    if (error instanceof undiciErrors.UndiciError || error instanceof Error) {
      throw new AppError('api/upstream_failed', `Could not connect: ${error.message}`);
    }
    throw error;
  }
};

/** The storage double: environments and collections per user, history and changes recorded. */
export class MemoryRunnerStore implements TRunnerStore {
  environments = new Map<
    string,
    { userId: string; vars: Map<string, string>; secrets: Set<string> }
  >();
  collections = new Map<
    string,
    {
      userId: string;
      variables: Map<string, string>;
      auth: TAuth;
      items: Map<string, { name: string; auth: TAuth }>;
    }
  >();
  history: { userId: string; entry: TRunHistoryEntry }[] = [];

  private env(userId: string, id: string) {
    const env = this.environments.get(id);
    if (!env || env.userId !== userId)
      throw new AppError('api/not_found', 'That environment was not found.');
    return env;
  }

  loadEnvironmentScope(userId: string, id: string) {
    return Promise.resolve(new Map(this.env(userId, id).vars));
  }
  secretVariableNames(userId: string, id: string) {
    return Promise.resolve(new Set(this.env(userId, id).secrets));
  }
  applyEnvironmentChanges(
    userId: string,
    id: string,
    changes: { set: Record<string, string>; unset: string[] },
  ) {
    const env = this.env(userId, id);
    for (const [k, v] of Object.entries(changes.set)) env.vars.set(k, v);
    for (const k of changes.unset) env.vars.delete(k);
    return Promise.resolve();
  }
  appendHistory(userId: string, entry: TRunHistoryEntry) {
    this.history.push({ userId, entry });
    return Promise.resolve();
  }
  loadCollectionContext(userId: string, id: string, itemId?: string): Promise<TCollectionContext> {
    const c = this.collections.get(id);
    if (!c || c.userId !== userId)
      throw new AppError('api/not_found', 'That collection was not found.');
    const item = itemId ? c.items.get(itemId) : undefined;
    if (itemId && !item) throw new AppError('api/not_found', 'That request was not found.');
    return Promise.resolve({
      variables: new Map(c.variables),
      inheritedAuth: item && item.auth.type !== 'inherit' ? item.auth : c.auth,
      ...(item && { itemName: item.name }),
    });
  }
}

export interface RunnerServer {
  base: TestServer;
  app: FastifyInstance;
  store: MemoryRunnerStore;
  close(): Promise<void>;
}

export async function startRunnerServer(
  overrides: Partial<RunnerDeps> = {},
): Promise<RunnerServer> {
  const base = await startTestServer();
  const shared = createMemoryState();
  const logger = pino({ level: 'silent' });
  const keys = deriveKeys('test-secret-key-that-is-long-enough-0123456789');
  const mailer = createMailer({
    smtpUrl: undefined,
    from: base.config.mailFrom,
    outboxDir: '/tmp/stratum-test/outbox',
    log: logger,
  });
  const sessions = new SessionStore(base.db, keys.jwt, shared);
  const auth = new AuthService({
    db: base.db,
    sessions,
    mailer,
    shared,
    tokenHmacKey: keys.tokenHmac,
    publicUrl: base.config.publicUrl,
    ownerEmail: base.config.ownerEmail,
    loginFailuresPerAddress: base.config.limits.loginFailuresPerAddress,
    log: logger,
  });
  const plans = new SubscriptionService({
    db: base.db,
    shared,
    mailer,
    inbox: new MessageService(base.db, shared),
    users: sessions,
    publicUrl: base.config.publicUrl,
    log: logger,
  });
  const store = new MemoryRunnerStore();
  const app: FastifyInstance = Fastify({
    // As in app.ts: pino's Logger is narrower than Fastify's logger type parameter.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    loggerInstance: logger as FastifyBaseLogger,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);
  registerSecurityHeaders(app);
  await app.register(fastifyRateLimit, { global: false });
  await registerRunRoutes(
    app,
    { send: loopbackSend, store, plans, shared, publicUrl: base.config.publicUrl, ...overrides },
    bearerAuthenticator(auth),
  );
  await app.ready();
  return {
    base,
    app,
    store,
    async close() {
      await app.close();
      await shared.close();
      await base.close();
    },
  };
}

export interface RunnerUser {
  userId: string;
  token: string;
  post(url: string, payload: unknown): Promise<LightMyRequestResponse>;
}

/** A verified user on `plan`, calling the runner's app. */
export async function runnerUser(
  server: RunnerServer,
  plan: TPlanId = 'free',
): Promise<RunnerUser> {
  const account = await signUp(server.base);
  if (plan !== 'free') await setPlan(server.base, account.userId, plan);
  return {
    userId: account.userId,
    token: account.token,
    post: (url, payload) =>
      server.app.inject({
        method: 'POST',
        url,
        headers: bearer(account.token),
        payload: payload as object,
      }),
  };
}
