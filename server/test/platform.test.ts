import { mkdtemp, writeFile, mkdir } from 'node:fs/promises';
import { brotliCompressSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDb, createPool } from '../src/db/database';
import { createMailer } from '../src/lib/mail/mailer';
import { deriveKeys } from '../src/lib/secrets';
import { createMemoryState } from '../src/lib/shared-state';
import { json, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('health and metrics', () => {
  it('answers 200 ok while the database answers', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database does not', async () => {
    const logger = pino({ level: 'silent' });
    const db = createDb(createPool('postgres://nobody@127.0.0.1:1/none'));
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: '/tmp/stratum-test' }),
      db,
      shared: createMemoryState(),
      mailer: createMailer({
        smtpUrl: undefined,
        from: 'x <x@example.com>',
        outboxDir: '/tmp/stratum-test/outbox',
        log: logger,
      }),
      keys: deriveKeys('another-test-secret-key-0123456789abcdef'),
      logger,
      webRoot: '/nonexistent',
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(503);
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('does not serve /metrics unless METRICS_TOKEN is set', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('process_cpu_seconds_total');
  });

  it('exposes Prometheus metrics, request durations by route included, only to the token', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const metered = await startTestServer({ metricsToken: token });
    try {
      await metered.app.inject({ method: 'GET', url: '/healthz' });
      for (const authorization of [undefined, 'Bearer wrong', token, `Bearer ${token}x`]) {
        const refused = await metered.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(refused.statusCode, authorization).toBe(401);
        expect(json(refused)).toMatchObject({ success: false, code: 'auth/unauthorized' });
        expect(refused.body).not.toContain('process_cpu_seconds_total');
      }
      const res = await metered.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('http_request_duration_seconds_bucket');
      expect(res.body).toContain('route="/healthz"');
      expect(res.body).toContain('process_cpu_seconds_total');
    } finally {
      await metered.close();
    }
  });
});

describe('hostile and malformed requests', () => {
  it('answers malformed JSON with 400 and the error shape', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      success: false,
      code: 'request/invalid',
      message: expect.any(String),
    });
  });

  it('answers a body over the limit with 400', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(2_000_000) }),
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ success: false, code: 'request/too_large' });
  });

  it('answers an unsupported content type with 400', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ success: false });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ success: false, code: 'request/not_found' });
  });

  it('sends the page security headers outside the API', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });

  it('sends the API security headers on JSON answers, never cacheable', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/auth/verify' });
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('the web app host', () => {
  it('serves index.html for unknown non-API paths and files as they are', async () => {
    const webRoot = await mkdtemp(path.join(os.tmpdir(), 'stratum-web-'));
    await mkdir(path.join(webRoot, 'assets'));
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    await writeFile(
      path.join(webRoot, 'assets', 'app-abc123.js.br'),
      brotliCompressSync('console.log(1)'),
    );
    const logger = pino({ level: 'silent' });
    const db = createDb(createPool('postgres://nobody@127.0.0.1:1/none'));
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: '/tmp/stratum-test' }),
      db,
      shared: createMemoryState(),
      mailer: createMailer({
        smtpUrl: undefined,
        from: 'x <x@example.com>',
        outboxDir: '/tmp/stratum-test/outbox',
        log: logger,
      }),
      keys: deriveKeys('another-test-secret-key-0123456789abcdef'),
      logger,
      webRoot,
    });
    try {
      const deep = await app.inject({ method: 'GET', url: '/planner/3?x=1' });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('<div id="root">');
      const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.body).toBe('console.log(1)');
      expect(asset.headers['cache-control']).toContain('immutable');
      const compressed = await app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.rawPayload.length).toBeLessThan(100);
      const api = await app.inject({ method: 'GET', url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toContain('application/json');
      const fetched = await app.inject({
        method: 'GET',
        url: '/api',
        headers: { 'sec-fetch-mode': 'cors', accept: 'application/json' },
      });
      expect(fetched.statusCode).toBe(404);
      expect(json(fetched)).toMatchObject({ success: false, code: 'request/not_found' });
      // /api is also the API client's page: a reload or a bookmark gets the app, page headers on
      for (const headers of [
        { 'sec-fetch-mode': 'navigate', accept: 'text/html' },
        { accept: 'text/html,application/xhtml+xml' },
      ]) {
        for (const url of ['/api', '/api/', '/api/some/page?tab=1']) {
          const page = await app.inject({ method: 'GET', url, headers });
          expect(page.statusCode, url).toBe(200);
          expect(page.body).toContain('<div id="root">');
          expect(page.headers['content-security-policy']).toContain("script-src 'self'");
          expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
          expect(page.headers['cache-control']).toBe('no-cache');
        }
      }
      const post = await app.inject({
        method: 'POST',
        url: '/api/nothing',
        headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html' },
      });
      expect(post.statusCode).toBe(404);
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});
