import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowRules } from '../src/lib/egress';
import { json, signUp, startTestServer, bearer, type TestServer } from './harness';
import { isValidSignature, startFlipServer, type FlipServer } from './monitoring-upstream';

interface Check {
  id: string;
  state: string;
  lastStatusCode: number | null;
  lastError: string | null;
  uptime: { h24: number | null };
}
type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

const METRICS_TOKEN = 'metrics-token-for-monitoring-tests';
const allowLoopback = { egressAllow: parseAllowRules('127.0.0.0/8').rules };
/** Runs are driven at this clock, far ahead of real time, so no other process's tick takes them. */
const base = () => Date.now() + 10 * 60_000;

describe('Monitoring: checks, alerts and the scheduler', () => {
  let a: TestServer;
  let b: TestServer;
  let upstream: FlipServer;
  let user: { email: string; call: Call };

  beforeAll(async () => {
    [a, b] = await Promise.all([
      startTestServer(allowLoopback),
      startTestServer({ ...allowLoopback, metricsToken: METRICS_TOKEN }),
    ]);
    upstream = await startFlipServer();
    const account = await signUp(a);
    user = {
      email: account.email,
      call: (method, url, payload) =>
        a.app.inject({
          method,
          url,
          headers: bearer(account.token),
          ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
        }),
    };
  });
  afterAll(async () => {
    await upstream.close();
    await Promise.all([a.close(), b.close()]);
  });

  const create = async (body: Record<string, unknown>) => {
    const response = await user.call('POST', '/api/monitoring/checks', body);
    expect(response.statusCode, response.body).toBe(200);
    return json<{ data: Check }>(response).data;
  };
  /**
   * A check whose first run is due at `firstRunAt` on the test's clock: created paused (so no
   * process's ticker, this file's or another's, runs it at real time), then scheduled.
   */
  const createScheduled = async (body: Record<string, unknown>, firstRunAt: number) => {
    const created = await create({ ...body, isPaused: true });
    await a.db
      .updateTable('monitor_checks' as never)
      .set({ is_paused: false, next_run_at: new Date(firstRunAt) } as never)
      .where('id' as never, '=', created.id as never)
      .execute();
    return json<{ data: Check }>(await user.call('GET', `/api/monitoring/checks/${created.id}`))
      .data;
  };
  const inbox = async () =>
    json<{ data: { items: { subject: string; body: string }[] } }>(
      await user.call('GET', '/api/messages?pageSize=100'),
    ).data.items;

  it('alerts exactly once down (after the retries) and once up, by message, e-mail and signed webhook', async () => {
    upstream.status = 200;
    const t0 = base();
    const check = await createScheduled(
      {
        name: 'Flip API',
        target: {
          kind: 'http',
          url: upstream.url,
          expectedStatus: '200-299',
          jsonPath: '$.status',
          expectedValue: 'ok',
        },
        intervalSeconds: 30,
        timeoutSeconds: 5,
        retries: 2,
        notifyEmail: true,
        webhookUrl: `http://127.0.0.1:${upstream.port}/webhook`,
        webhookSecret: 'a-webhook-secret-0123',
      },
      t0,
    );
    expect(check.state).toBe('pending');
    const run = async (step: number) => {
      await a.app.monitoring.scheduler.runDue(new Date(t0 + step * 31_000));
      const listed = json<{ data: Check }>(
        await user.call('GET', `/api/monitoring/checks/${check.id}`),
      ).data;
      return listed.state;
    };
    expect(await run(0)).toBe('up');
    upstream.status = 500;
    // retries: 2 — two failures are tolerated, the third turns it down.
    expect(await run(1)).toBe('up');
    expect(await run(2)).toBe('up');
    expect((await inbox()).filter((m) => m.subject.includes('Flip API'))).toHaveLength(0);
    expect(await run(3)).toBe('down');
    expect(await run(4)).toBe('down');
    upstream.status = 200;
    expect(await run(5)).toBe('up');
    expect(await run(6)).toBe('up');

    const messages = (await inbox()).filter((m) => m.subject.includes('Flip API'));
    expect(messages.map((m) => m.subject).sort()).toEqual([
      'Flip API is down',
      'Flip API is up again',
    ]);
    expect(messages.find((m) => m.subject.endsWith('down'))!.body).toContain(
      'Status 500, expected 200-299',
    );

    const incidents = json<{ data: { items: { endedAt: string | null; cause: string }[] } }>(
      await user.call('GET', `/api/monitoring/incidents?checkId=${check.id}`),
    ).data.items;
    expect(incidents).toHaveLength(1);
    expect(incidents[0]!.endedAt).not.toBeNull();

    await a.app.monitoring.scheduler.settled();
    const mail = await a.mailbox.waitFor(user.email, (m) => m.subject === 'Flip API is down');
    expect(mail.text).toContain('Status 500');
    expect(upstream.deliveries.map((d) => (JSON.parse(d.body) as { event: string }).event)).toEqual(
      ['check.down', 'check.up'],
    );
    for (const d of upstream.deliveries) {
      expect(isValidSignature('a-webhook-secret-0123', d.body, d.signature)).toBe(true);
    }

    const results = json<{
      data: { points: unknown[]; uptime: number; latency: { p50: number | null } };
    }>(await user.call('GET', `/api/monitoring/checks/${check.id}/results?range=1h`)).data;
    // Runs at t0+… are in the future of "now": the 1 h range shows what ran before now only.
    expect(results.latency).toHaveProperty('p95');
  });

  it('runs each check once per interval across two processes sharing the database', async () => {
    upstream.status = 200;
    const t0 = base() + 3_600_000;
    const check = await createScheduled(
      {
        name: 'Shared',
        target: { kind: 'http', url: upstream.url },
        intervalSeconds: 30,
        timeoutSeconds: 5,
        retries: 0,
      },
      t0,
    );
    for (let step = 0; step < 5; step += 1) {
      const at = new Date(t0 + step * 30_000);
      await Promise.all([
        a.app.monitoring.scheduler.runDue(at),
        b.app.monitoring.scheduler.runDue(at),
      ]);
      // Between two interval boundaries nothing is due again, in either process.
      const mid = new Date(at.getTime() + 15_000);
      await Promise.all([
        a.app.monitoring.scheduler.runDue(mid),
        b.app.monitoring.scheduler.runDue(mid),
      ]);
    }
    const runs = await a.db
      .selectFrom('monitor_results' as never)
      .select(['at' as never])
      .where('check_id' as never, '=', check.id as never)
      .where('at' as never, '>=', new Date(t0) as never)
      .execute();
    expect(runs).toHaveLength(5);
  });

  it('redelivers a webhook that failed, with backoff', async () => {
    upstream.status = 500;
    upstream.deliveries.length = 0;
    upstream.webhookAnswers.push(503);
    const at = base() + 2 * 3_600_000;
    const check = await createScheduled(
      {
        name: 'Retry hook',
        target: { kind: 'http', url: upstream.url },
        intervalSeconds: 30,
        timeoutSeconds: 5,
        retries: 0,
        webhookUrl: `http://127.0.0.1:${upstream.port}/webhook`,
      },
      at,
    );
    await a.app.monitoring.scheduler.runDue(new Date(at));
    await a.app.monitoring.scheduler.settled();
    const mine = upstream.deliveries.filter(
      (d) => (JSON.parse(d.body) as { check: { id: string } }).check.id === check.id,
    );
    expect(mine).toHaveLength(2);
    expect(mine[1]!.signature).toBeUndefined();
  });

  it('silences alerts inside a maintenance window but records the incident', async () => {
    upstream.status = 500;
    const at = base() + 3 * 3_600_000;
    const check = await createScheduled(
      {
        name: 'Quiet one',
        target: { kind: 'http', url: upstream.url },
        intervalSeconds: 30,
        timeoutSeconds: 5,
        retries: 0,
      },
      at,
    );
    const window = await user.call('POST', '/api/monitoring/maintenance', {
      name: 'Upgrade',
      startsAt: new Date(at - 60_000).toISOString(),
      endsAt: new Date(at + 60_000).toISOString(),
      checkIds: [check.id],
    });
    expect(window.statusCode, window.body).toBe(200);
    await a.app.monitoring.scheduler.runDue(new Date(at));
    const incidents = json<{ data: { items: { isSilenced: boolean }[] } }>(
      await user.call('GET', `/api/monitoring/incidents?checkId=${check.id}`),
    ).data.items;
    expect(incidents).toEqual([expect.objectContaining({ isSilenced: true })]);
    expect((await inbox()).filter((m) => m.subject.includes('Quiet one'))).toHaveLength(0);
  });

  it('checks a TCP port and refuses targets the egress policy forbids', async () => {
    const tcp = await create({
      name: 'Port',
      target: { kind: 'tcp', host: '127.0.0.1', port: upstream.port },
      intervalSeconds: 60,
      timeoutSeconds: 5,
    });
    const ran = json<{ data: Check }>(
      await user.call('POST', `/api/monitoring/checks/${tcp.id}/run`),
    ).data;
    expect(ran.state).toBe('up');

    // Without the operator's allow rule, loopback is refused — the check says so, and is down.
    const strict = await startTestServer();
    try {
      const account = await signUp(strict);
      const created = await strict.app.inject({
        method: 'POST',
        url: '/api/monitoring/checks',
        headers: bearer(account.token),
        payload: { name: 'Local', target: { kind: 'http', url: upstream.url }, retries: 0 },
      });
      const id = json<{ data: Check }>(created).data.id;
      const ranStrict = json<{ data: Check }>(
        await strict.app.inject({
          method: 'POST',
          url: `/api/monitoring/checks/${id}/run`,
          headers: bearer(account.token),
        }),
      ).data;
      expect(ranStrict.state).toBe('down');
      expect(ranStrict.lastError).toMatch(/^Refused by the egress policy/);
    } finally {
      await strict.close();
    }
  });

  it('answers bad input with a clear 400 naming the problem, and saves nothing', async () => {
    const before = json<{ data: { items: unknown[] } }>(
      await user.call('GET', '/api/monitoring/checks'),
    ).data.items.length;
    const bad = async (body: Record<string, unknown>, message: RegExp) => {
      const response = await user.call('POST', '/api/monitoring/checks', body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toMatch(message);
    };
    const http = { kind: 'http', url: upstream.url };
    await bad({ name: 'x', target: http, intervalSeconds: 10 }, /at least 30 seconds/);
    await bad(
      { name: 'x', target: http, intervalSeconds: 30, timeoutSeconds: 30 },
      /shorter than the interval/,
    );
    await bad({ name: 'x', target: { ...http, expectedStatus: '2xx' } }, /not a status code/);
    await bad(
      { name: 'x', target: { ...http, url: 'ftp://example.com' } },
      /http:\/\/ or https:\/\//,
    );
    await bad(
      { name: 'x', target: { ...http, url: 'https://user:pw@example.com' } },
      /credentials in a header/,
    );
    await bad({ name: 'x', target: { ...http, jsonPath: '$..[?(@)]' } }, /JSON path/);
    await bad(
      { name: 'x', target: { kind: 'tcp', host: 'example.com/path', port: 80 } },
      /host name or IP/,
    );
    await bad(
      { name: 'x', target: { kind: 'tcp', host: 'example.com', port: 70000 } },
      /1 to 65535/,
    );
    await bad({ name: '', target: http }, /Give the check a name/);
    await bad({ name: 'x', target: http, webhookSecret: 'short' }, /at least 16 characters/);
    const window = await user.call('POST', '/api/monitoring/maintenance', {
      name: 'Backwards',
      startsAt: '2026-12-01T10:00:00Z',
      endsAt: '2026-12-01T09:00:00Z',
    });
    expect(window.statusCode).toBe(400);
    expect(window.body).toMatch(/end after it starts/);
    const after = json<{ data: { items: unknown[] } }>(
      await user.call('GET', '/api/monitoring/checks'),
    ).data.items.length;
    expect(after).toBe(before);
    // A window naming someone else's check is refused.
    const foreign = await signUp(b);
    const theirs = await b.app.inject({
      method: 'POST',
      url: '/api/monitoring/checks',
      headers: bearer(foreign.token),
      payload: { name: 'Theirs', target: http },
    });
    const theirId = json<{ data: Check }>(theirs).data.id;
    const covering = await user.call('POST', '/api/monitoring/maintenance', {
      name: 'Sneaky',
      startsAt: '2026-12-01T09:00:00Z',
      endsAt: '2026-12-01T10:00:00Z',
      checkIds: [theirId],
    });
    expect(covering.statusCode).toBe(400);
    expect(covering.body).toMatch(/your own checks/);
    expect((await user.call('GET', `/api/monitoring/checks/${theirId}`)).statusCode).toBe(404);
    const missing = await user.call(
      'GET',
      '/api/monitoring/checks/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.statusCode).toBe(404);
  });

  it('keeps header values out of answers and audit entries, and writes the audit in the same request', async () => {
    const check = await create({
      name: 'With token',
      target: {
        ...{ kind: 'http', url: upstream.url },
        headers: [{ name: 'Authorization', value: 'Bearer s3cret-token' }],
      },
    });
    const shown = json<{ data: { target: { headers: { value: string }[] } } }>(
      await user.call('GET', `/api/monitoring/checks/${check.id}`),
    ).data;
    expect(JSON.stringify(shown)).not.toContain('s3cret-token');
    const audit = await a.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target_id', '=', check.id)
      .execute();
    expect(audit.map((r) => r.action)).toEqual(['monitoring.create']);
    expect(JSON.stringify(audit)).not.toContain('s3cret-token');
    // An update that keeps the hidden value keeps the token.
    const updated = await user.call('PUT', `/api/monitoring/checks/${check.id}`, {
      name: 'With token',
      target: {
        kind: 'http',
        url: upstream.url,
        headers: [{ name: 'Authorization', value: '••••••' }],
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
  });

  it('serves a public status page only when switched on, with no targets in it', async () => {
    const slug = `acme-${Date.now().toString(36)}`;
    const off = await a.app.inject({ method: 'GET', url: `/api/monitoring/public/${slug}` });
    expect(off.statusCode).toBe(404);
    const saved = await user.call('PUT', '/api/monitoring/status-page', {
      isEnabled: true,
      slug,
      title: 'Acme status',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await a.app.inject({ method: 'GET', url: `/api/monitoring/public/${slug}` });
    expect(page.statusCode).toBe(200);
    const body = json<{ data: { title: string; checks: { name: string; hours: unknown[] }[] } }>(
      page,
    ).data;
    expect(body.title).toBe('Acme status');
    expect(body.checks.map((c) => c.name)).toContain('Flip API');
    expect(body.checks[0]!.hours).toHaveLength(24);
    expect(page.body).not.toContain('127.0.0.1');
    expect(page.body).not.toContain('Authorization');
    await user.call('PUT', '/api/monitoring/status-page', {
      isEnabled: false,
      slug,
      title: 'Acme status',
    });
    expect(
      (await a.app.inject({ method: 'GET', url: `/api/monitoring/public/${slug}` })).statusCode,
    ).toBe(404);
  });

  it('rolls runs older than 24 hours into hourly rollups in one process', async () => {
    upstream.status = 200;
    // Paused: only the runs below, at past times, exist.
    const check = await create({
      name: 'Old runs',
      target: { kind: 'http', url: upstream.url },
      retries: 0,
      isPaused: true,
    });
    // Four runs inside one UTC hour, three days ago.
    const past = Math.floor((Date.now() - 3 * 86_400_000) / 3_600_000) * 3_600_000 + 5 * 60_000;
    for (let i = 0; i < 4; i += 1) {
      await a.app.monitoring.scheduler.runClaimed(
        (await a.db
          .selectFrom('monitor_checks' as never)
          .selectAll()
          .where('id' as never, '=', check.id as never)
          .executeTakeFirstOrThrow()) as never,
        new Date(past + i * 60_000),
      );
    }
    // Free the sweep's lease (a ticker may hold it for its period), then two processes race for it.
    await a.db
      .deleteFrom('server_leases' as never)
      .where('name' as never, '=', 'monitoring-retention' as never)
      .execute();
    const swept = await Promise.all([
      a.app.monitoring.scheduler.retention(),
      b.app.monitoring.scheduler.retention(),
    ]);
    expect(swept.filter(Boolean).length).toBeLessThanOrEqual(1);
    const rollups = await a.db
      .selectFrom('monitor_rollups' as never)
      .selectAll()
      .where('check_id' as never, '=', check.id as never)
      .execute();
    expect(rollups).toEqual([expect.objectContaining({ total: 4, up: 4 })]);
    const week = json<{ data: { points: { total: number }[]; uptime: number } }>(
      await user.call('GET', `/api/monitoring/checks/${check.id}/results?range=7d`),
    ).data;
    expect(week.points.reduce((n, p) => n + p.total, 0)).toBe(4);
    expect(week.uptime).toBe(100);
  });

  it("exports each check on the operator's /metrics, only with the metrics token", async () => {
    expect((await b.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const scraped = await b.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toMatch(
      /stratum_monitor_check_up\{check_id="[0-9a-f-]+",check_name="Flip API",kind="http"\} 1/,
    );
    expect(scraped.body).toMatch(
      /stratum_monitor_check_latency_seconds\{[^}]*check_name="Flip API"[^}]*\} \d/,
    );
    expect(scraped.body).not.toContain('127.0.0.1');
  });

  it('ends a probe in flight when the server shuts down, recording no verdict', async () => {
    const hanging = createServer(() => undefined); // accepts, never answers
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const port = (hanging.address() as AddressInfo).port;
    const c = await startTestServer(allowLoopback);
    try {
      const owner = await signUp(c);
      const created = await c.app.inject({
        method: 'POST',
        url: '/api/monitoring/checks',
        headers: bearer(owner.token),
        payload: {
          name: 'Slow',
          target: { kind: 'http', url: `http://127.0.0.1:${port}/` },
          intervalSeconds: 120,
          timeoutSeconds: 60,
          isPaused: true,
        },
      });
      const id = json<{ data: Check }>(created).data.id;
      const row = await c.db
        .selectFrom('monitor_checks' as never)
        .selectAll()
        .where('id' as never, '=', id as never)
        .executeTakeFirstOrThrow();
      const running = c.app.monitoring.scheduler.runClaimed(row as never, new Date());
      await new Promise((resolve) => setTimeout(resolve, 200));
      const startedAt = Date.now();
      await c.app.monitoring.scheduler.stop();
      await running;
      expect(Date.now() - startedAt).toBeLessThan(2_000);
      const results = await c.db
        .selectFrom('monitor_results' as never)
        .selectAll()
        .where('check_id' as never, '=', id as never)
        .execute();
      expect(results).toEqual([]);
    } finally {
      await c.close();
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });
});
