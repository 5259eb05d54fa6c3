import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import {
  createCheck,
  deleteCheck,
  getCheck,
  listChecks,
  runCheckNow,
  updateCheck,
} from '@stratum/core/contract/monitoring/checks';
import {
  createMaintenance,
  deleteMaintenance,
  listMaintenance,
} from '@stratum/core/contract/monitoring/maintenance';
import { getCheckResults, listIncidents } from '@stratum/core/contract/monitoring/results';
import {
  getPublicStatus,
  getStatusPageSettings,
  updateStatusPageSettings,
} from '@stratum/core/contract/monitoring/status-page';
import type { Inbox } from '@stratum/core/inbox';
import type { Db } from '../../db/database';
import { actorOf } from '../../lib/audit';
import type { DenyList, EgressPolicy } from '../../lib/egress';
import type { Mailer } from '../../lib/mail/mailer';
import { addRoute, type Authenticator } from '../../lib/route';
import { ChecksService } from './checks-service';
import { MaintenanceService } from './maintenance-service';
import { registerCheckMetrics } from './metrics';
import type { ClusterPages } from './probes';
import { MonitorScheduler } from './scheduler';
import { StatsService } from './stats-service';
import { StatusPageService } from './status-page-service';
import { withMonitoringTables } from './tables';

export interface MonitoringDeps {
  db: Db;
  egress: EgressPolicy;
  /** Stratum's own port, database and Redis, refused as targets (the API client's list). */
  deny?: DenyList;
  clusters: ClusterPages;
  inbox: Inbox<Db>;
  mailer: Mailer;
  publicUrl: string;
  encryptionKey: Buffer;
  /** The operator's Prometheus registry, when METRICS_TOKEN is set. */
  metrics?: Registry;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** The clock of the scheduler and the stats; tests move it forward. */
  now?: () => Date;
}

/** What the app (and the tests) can reach of monitoring: the scheduler. */
export interface MonitoringHandle {
  scheduler: MonitorScheduler;
}

declare module 'fastify' {
  interface FastifyInstance {
    monitoring: MonitoringHandle;
  }
}

const PUBLIC_PER_MINUTE = 60;

/** Issue 16 §1–3: checks, results, incidents, maintenance, the status page and its scheduler. */
export function registerMonitoringRoutes(
  app: FastifyInstance,
  deps: MonitoringDeps,
  authenticate: Authenticator,
): MonitoringHandle {
  const now = deps.now ?? (() => new Date());
  const mdb = withMonitoringTables(deps.db);
  const scheduler = new MonitorScheduler({
    db: deps.db,
    probe: { egress: deps.egress, deny: deps.deny, clusters: deps.clusters },
    webhook: {
      egress: deps.egress,
      deny: deps.deny,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()),
    },
    inbox: deps.inbox,
    mail: async (to, alert, text) => {
      const owner = await deps.db
        .selectFrom('users')
        .select('first_name')
        .where('email', '=', to)
        .executeTakeFirst();
      await deps.mailer.sendTemplate(to, 'monitor_alert', {
        firstName: owner?.first_name ?? '',
        subject: text.subject,
        body: text.body,
        appUrl: `${deps.publicUrl}/monitoring`,
      });
    },
    encryptionKey: deps.encryptionKey,
    now,
    holder: `monitoring-${randomUUID()}`,
    log: deps.log,
  });
  const checks = new ChecksService({
    db: deps.db,
    encryptionKey: deps.encryptionKey,
    clusters: deps.clusters,
    scheduler,
    now,
  });
  const stats = new StatsService(mdb, now);
  const maintenance = new MaintenanceService(deps.db, now);
  const statusPage = new StatusPageService(deps.db, now);

  addRoute(app, authenticate, listChecks, async ({ auth }) => ({
    data: { items: await checks.list(auth.user.id) },
  }));
  addRoute(app, authenticate, getCheck, async ({ auth, params }) => ({
    data: await checks.get(auth.user.id, params.id),
  }));
  addRoute(app, authenticate, createCheck, async ({ auth, body, request }) => ({
    data: await checks.create(auth.user.id, actorOf(auth, request), body),
  }));
  addRoute(app, authenticate, updateCheck, async ({ auth, body, params, request }) => ({
    data: await checks.update(auth.user.id, actorOf(auth, request), params.id, body),
  }));
  addRoute(app, authenticate, deleteCheck, async ({ auth, params, request }) => {
    await checks.remove(auth.user.id, actorOf(auth, request), params.id);
    return { message: 'Check removed' };
  });
  addRoute(app, authenticate, runCheckNow, async ({ auth, params, request }) => ({
    data: await checks.runNow(auth.user.id, actorOf(auth, request), params.id),
  }));
  addRoute(app, authenticate, getCheckResults, async ({ auth, params, query }) => {
    const check = await checks.row(auth.user.id, params.id);
    return { data: await stats.results(check.id, query.range) };
  });
  addRoute(app, authenticate, listIncidents, async ({ auth, query }) => ({
    data: { items: await stats.incidents(auth.user.id, query.checkId, query.limit) },
  }));
  addRoute(app, authenticate, listMaintenance, async ({ auth }) => ({
    data: { items: await maintenance.list(auth.user.id) },
  }));
  addRoute(app, authenticate, createMaintenance, async ({ auth, body, request }) => ({
    data: await maintenance.create(auth.user.id, actorOf(auth, request), body),
  }));
  addRoute(app, authenticate, deleteMaintenance, async ({ auth, params, request }) => {
    await maintenance.remove(auth.user.id, actorOf(auth, request), params.id);
    return { message: 'Maintenance window removed' };
  });
  addRoute(app, authenticate, getStatusPageSettings, async ({ auth }) => ({
    data: await statusPage.settings(auth.user.id),
  }));
  addRoute(app, authenticate, updateStatusPageSettings, async ({ auth, body, request }) => ({
    data: await statusPage.update(auth.user.id, actorOf(auth, request), body),
  }));
  addRoute(
    app,
    authenticate,
    getPublicStatus,
    async ({ params }) => ({ data: await statusPage.publicView(params.slug) }),
    { rateLimitPerMinute: PUBLIC_PER_MINUTE },
  );

  if (deps.metrics) registerCheckMetrics(deps.metrics, mdb);
  const handle: MonitoringHandle = { scheduler };
  app.decorate('monitoring', handle);
  app.addHook('onReady', () => {
    scheduler.start();
    return Promise.resolve();
  });
  app.addHook('onClose', () => scheduler.stop());
  return handle;
}
