import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { K8S_LIMITS, type TK8sKind } from '@stratum/core/contract/k8s/cluster';
import type { Config } from './config';
import type { Db } from './db/database';
import { registerActivityRoutes } from './features/activity/routes';
import { registerHttpSendRoutes } from './features/api-client/send-routes';
import { registerAdminRoutes } from './features/admin/routes';
import { registerApiClientStoreRoutes } from './features/api-client/routes-store';
import { registerRunRoutes } from './features/api-client/run-routes';
import { runnerStore } from './features/api-client/runner-store';
import { sendHttp } from './features/api-client/send';
import { registerAuditRoutes } from './features/audit/routes';
import { registerAuthRoutes, bearerAuthenticator } from './features/auth/routes';
import { AuthService } from './features/auth/service';
import { SessionStore } from './features/auth/sessions';
import { registerCmdbRoutes } from './features/cmdb/routes';
import { registerContactRoutes } from './features/contact/routes';
import { registerConverterRoutes } from './features/converter/routes';
import { BookService, readSeedBook } from './features/costing/book-service';
import { registerPriceImportRoutes } from './features/costing/import/routes';
import { registerCostingPlanRoutes } from './features/costing/plan-routes';
import { registerCostingRoutes } from './features/costing/routes';
import { registerDatabaseRoutes } from './features/database/routes';
import { registerDriftRoutes } from './features/drift/routes';
import { registerEmailTemplateRoutes } from './features/email-templates/routes';
import { registerErrorLogRoutes } from './features/error-logs/routes';
import { registerForumRoutes } from './features/forums/routes';
import { registerHealthRoutes } from './features/health/routes';
import { registerIacRoutes } from './features/iac/routes';
import { registerInventoryRoutes } from './features/inventory/routes';
import { registerLlmRoutes } from './features/llm/routes';
import { appliedManifests, secretDigest } from './features/k8s/applied-manifests';
import { ResourcesService } from './features/k8s/resources-service';
import { registerK8sRoutes } from './features/k8s/routes';
import { registerK8sStreamRoutes } from './features/k8s/streams/routes';
import { StreamSlots } from './features/k8s/streams/stream-slots';
import { PRICE_BOOK_FILE, SCHEMA_DATA_DIR } from './paths';
import { registerMessagesRoutes } from './features/messages/routes';
import { registerMonitoringRoutes } from './features/monitoring/routes';
import { registerNoticeRoutes } from './features/notices/routes';
import { registerLiveRoutes } from './features/live/routes';
import { registerOnboardingRoutes } from './features/onboarding/routes';
import { OnboardingService } from './features/onboarding/service';
import { projectMemberIds, projectRole } from './features/planner/membership';
import { registerPlannerRoutes } from './features/planner/routes';
import { registerSubscriptionRoutes } from './features/subscription/routes';
import { registerSystemConfigRoutes } from './features/system-config/routes';
import { registerTagsRoutes } from './features/tags/routes';
import { registerVoucherRoutes } from './features/vouchers/routes';
import { DenyList, EgressPolicy, ownServices } from './lib/egress';
import { answerFrameworkError, registerErrorHandler } from './lib/error-handler';
import { registerInputGuard } from './lib/input-guard';
import { createJobPool } from './jobs';
import type { Mailer } from './lib/mail/mailer';
import type { Keys } from './lib/secrets';
import { liveEvents } from './lib/live-events';
import type { ProjectAccess } from './lib/project-access';
import type { SharedState } from './lib/shared-state';
import { registerMetrics } from './plugins/metrics';
import { registerSecurityHeaders } from './plugins/security-headers';
import { StreamTickets } from './lib/stream-tickets';
import { registerSpa } from './plugins/spa';
import { setMissingAuditMode } from './lib/route';
import { RequestLogController } from './request-log';

export interface AppContext {
  config: Config;
  db: Db;
  shared: SharedState;
  mailer: Mailer;
  keys: Keys;
  logger: Logger;
  /** The connection string of Stratum's own PostgreSQL (embedded or DATABASE_URL), never reachable through the API client. */
  databaseUrl?: string;
  /** Where the built web app lives; tests point it elsewhere or at nothing. */
  webRoot?: string;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the whole HTTP application from its dependencies; it does not listen. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    // pino's Logger is narrower than Fastify's logger type parameter; typed as the base logger.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    loggerInstance: ctx.logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: ctx.config.trustProxy,
    logController: new RequestLogController(),
    requestIdHeader: 'x-request-id',
    frameworkErrors: (error, _request, reply) => answerFrameworkError(error, reply),
  });
  setMissingAuditMode(ctx.config.missingAudit);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);

  registerSecurityHeaders(app);
  await app.register(fastifyRateLimit, {
    global: false,
    ...(ctx.shared.redis && { redis: ctx.shared.redis, nameSpace: 'stratum:rl:' }),
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Stratum API',
        version: '0.1.0',
        description:
          'Stratum — develop, plan, operate. Every error answers { success: false, message, code }.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    // Schemas registered with an id (recursive ones) become components the routes' $refs name.
    transformObject: jsonSchemaTransformObject,
  });
  // Exec terminals; frames are small JSON (stdin, resize), so a large one is refused.
  await app.register(fastifyWebsocket, { options: { maxPayload: 256 * 1024 } });
  const metrics = ctx.config.metricsToken
    ? registerMetrics(app, ctx.config.metricsToken)
    : undefined;

  const sessions = new SessionStore(ctx.db, ctx.keys.jwt, ctx.shared);
  const auth = new AuthService({
    db: ctx.db,
    sessions,
    mailer: ctx.mailer,
    shared: ctx.shared,
    tokenHmacKey: ctx.keys.tokenHmac,
    publicUrl: ctx.config.publicUrl,
    ownerEmail: ctx.config.ownerEmail,
    loginFailuresPerAddress: ctx.config.limits.loginFailuresPerAddress,
    log: ctx.logger,
  });
  const authenticate = bearerAuthenticator(auth);
  // Conversion and IaC generation run in worker threads, off the event loop (decision 0032).
  const jobs = createJobPool(ctx.config.jobs, ctx.logger);
  app.addHook('onClose', () => jobs.close());

  registerHealthRoutes(app, ctx.db);
  registerAuthRoutes(app, auth, authenticate, ctx.config.limits.authRequestsPerMinute);
  const inbox = registerMessagesRoutes(app, ctx, authenticate);
  registerContactRoutes(app, { db: ctx.db, inbox }, authenticate);
  registerForumRoutes(
    app,
    { db: ctx.db, shared: ctx.shared, inbox, origin: new URL(ctx.config.publicUrl).origin },
    authenticate,
  );
  registerActivityRoutes(app, ctx.db, authenticate);
  const subscriptions = registerSubscriptionRoutes(
    app,
    { ...ctx, inbox, users: sessions, publicUrl: ctx.config.publicUrl, log: ctx.logger },
    authenticate,
  );
  registerVoucherRoutes(
    app,
    { db: ctx.db, shared: ctx.shared, plans: subscriptions, users: sessions },
    authenticate,
  );
  registerAdminRoutes(app, { db: ctx.db, plans: subscriptions, sessions }, authenticate);
  registerNoticeRoutes(app, ctx.db, authenticate);
  // The price book in force (seed + the admin's imports): one instance for the costing routes,
  // the price-list imports and the deployment step.
  const books = new BookService(readSeedBook(PRICE_BOOK_FILE), ctx.db);
  // Tag policies: the planner's generation enforces the ones that apply to the caller.
  const tagInsights = registerTagsRoutes(app, { db: ctx.db, books }, authenticate);
  registerPlannerRoutes(
    app,
    {
      db: ctx.db,
      shared: ctx.shared,
      quota: subscriptions,
      plans: subscriptions,
      books,
      inbox,
      mailer: ctx.mailer,
      publicUrl: ctx.config.publicUrl,
      log: ctx.logger,
      tagPolicies: (userId) => tagInsights.policies(userId),
      jobs,
    },
    authenticate,
  );
  // Issue 17: the live channel (fanned out through SharedState) and the onboarding tour on it.
  const live = liveEvents(ctx.shared);
  const access: ProjectAccess = {
    role: (projectId, userId) => projectRole(ctx.db, projectId, userId),
    memberIds: (projectId) => projectMemberIds(ctx.db, projectId),
  };
  const onboarding = new OnboardingService(ctx.db, access, live);
  registerOnboardingRoutes(app, onboarding, authenticate);
  registerLiveRoutes(
    app,
    {
      live,
      access,
      onboarding,
      tickets: new StreamTickets(ctx.db, ctx.keys.tokenHmac),
      allowedOrigins: [new URL(ctx.config.publicUrl).origin],
      onSessionRevoked: (listener) => sessions.onRevoked(listener),
    },
    authenticate,
  );
  registerCostingRoutes(app, { books }, authenticate);
  await registerCostingPlanRoutes(app, { books, db: ctx.db, plans: subscriptions }, authenticate);
  // The API client's collections, environments, history, import and export.
  await registerApiClientStoreRoutes(
    app,
    { db: ctx.db, encryptionKey: ctx.keys.encryption },
    authenticate,
  );
  registerIacRoutes(app, SCHEMA_DATA_DIR, authenticate);
  registerConverterRoutes(app, authenticate, jobs);
  registerErrorLogRoutes(app, ctx.db, authenticate);
  registerEmailTemplateRoutes(app, { ...ctx, publicUrl: ctx.config.publicUrl }, authenticate);
  registerAuditRoutes(app, ctx.db, authenticate);
  // The one egress policy for everything fetched or connected to on a user's behalf.
  const egress = new EgressPolicy(ctx.config.egressAllow);
  await registerSystemConfigRoutes(
    app,
    { ...ctx, egress, encryptionKey: ctx.keys.encryption, log: ctx.logger },
    authenticate,
  );
  await registerPriceImportRoutes(
    app,
    {
      db: ctx.db,
      books,
      egress,
      deny: new DenyList(
        ownServices({
          httpPorts: () => {
            const address = app.server.address();
            return [
              ctx.config.port,
              ...(typeof address === 'object' && address ? [address.port] : []),
            ];
          },
          databaseUrl: ctx.databaseUrl ?? ctx.config.databaseUrl,
          redisUrl: ctx.config.redisUrl,
        }),
      ),
    },
    authenticate,
  );
  registerDatabaseRoutes(
    app,
    { ...ctx, egress, encryptionKey: ctx.keys.encryption, log: ctx.logger },
    authenticate,
  );
  // The API client's proxy: the same policy, plus Stratum's own port and database refused.
  const proxy = registerHttpSendRoutes(app, { ...ctx, egress }, authenticate);
  // The API client's runner: variables, scripts, auth and retries around the same proxy.
  await registerRunRoutes(
    app,
    {
      // Each attempt takes the proxy's per-user gate, as POST /api/http/send does.
      send: async (input, { userId, signal }) => {
        const release = await proxy.gate.enter(userId);
        try {
          return await sendHttp({ ...proxy.send, log: ctx.logger, userId }, input, signal);
        } finally {
          release();
        }
      },
      store: runnerStore(ctx.db, ctx.keys.encryption),
      plans: subscriptions,
      shared: ctx.shared,
      publicUrl: ctx.config.publicUrl,
    },
    authenticate,
  );
  // The Kubernetes adapter; its connector is the seam the streams use too.
  const clusters = await registerK8sRoutes(
    app,
    { db: ctx.db, egress, encryptionKey: ctx.keys.encryption },
    authenticate,
  );
  registerK8sStreamRoutes(
    app,
    {
      clusters,
      tickets: new StreamTickets(ctx.db, ctx.keys.tokenHmac),
      slots: new StreamSlots(),
      allowedOrigins: [new URL(ctx.config.publicUrl).origin],
    },
    authenticate,
  );
  // Issue 14: sources and assets; the CMDB graph and drift read the sources through it.
  const sources = await registerInventoryRoutes(
    app,
    { db: ctx.db, egress, encryptionKey: ctx.keys.encryption, log: ctx.logger },
    authenticate,
  );
  // The graph and drift read a connected cluster through the Kubernetes adapter's lists.
  const k8sResources = new ResourcesService(clusters);
  const clusterLists = {
    listPage: async (userId: string, clusterId: string, kind: TK8sKind, token?: string) => {
      const page = await k8sResources.list(userId, clusterId, kind, {
        limit: K8S_LIMITS.listLimit,
        ...(token && { continue: token }),
      });
      return { items: page.items, continue: page.metadata.continue };
    },
    appliedManifests: (userId: string, clusterId: string) =>
      appliedManifests(ctx.db, userId, clusterId),
    secretDigest: (base64: string) => secretDigest(Buffer.from(base64, 'base64')),
  };
  registerCmdbRoutes(app, { sources, clusters: clusterLists }, authenticate);
  await registerDriftRoutes(
    app,
    {
      db: ctx.db,
      sources,
      plans: subscriptions,
      egress,
      encryptionKey: ctx.keys.encryption,
      inbox,
      clusters: clusterLists,
      log: ctx.logger,
    },
    authenticate,
  );
  // Issue 16: monitoring checks through the same egress policy and deny list as the API client.
  registerMonitoringRoutes(
    app,
    {
      db: ctx.db,
      egress,
      deny: proxy.send.deny,
      clusters: clusterLists,
      inbox,
      mailer: ctx.mailer,
      publicUrl: ctx.config.publicUrl,
      encryptionKey: ctx.keys.encryption,
      metrics,
      log: ctx.logger,
    },
    authenticate,
  );
  // Issue 15: the assistant on any OpenAI-compatible endpoint, through the same egress policy.
  registerLlmRoutes(
    app,
    {
      ...ctx,
      egress,
      encryptionKey: ctx.keys.encryption,
      tokenHmacKey: ctx.keys.tokenHmac,
      timeoutMs: ctx.config.llm.timeoutMs,
      prices: books,
      jobs,
    },
    authenticate,
  );
  await registerSpa(app, ctx.webRoot);
  return app;
}
