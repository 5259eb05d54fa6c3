import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiError } from '@stratum/core/contract/common';
import { bearer, json, signUp, startTestServer, type TestServer } from './harness';
import { createProject, newUser, stateFor, type User } from './planner-helpers';
import { signUpAs, type Account } from './staff';

let server: TestServer;
let owner: Account;
let user: User;
beforeAll(async () => {
  server = await startTestServer({
    limits: { authRequestsPerMinute: 1_000_000, loginFailuresPerAddress: 1_000_000 },
  });
  owner = await signUpAs(server, 'owner');
  user = await newUser(server, 'enterprise');
});
afterAll(async () => {
  await server.close();
});

interface Sent {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  token?: string;
  raw?: string;
}

async function send({ method, url, payload, token, raw }: Sent) {
  return server.app.inject({
    method,
    url,
    headers: {
      ...(token ? bearer(token) : {}),
      ...((payload !== undefined || raw !== undefined) && { 'content-type': 'application/json' }),
    },
    ...(raw !== undefined
      ? { payload: raw }
      : payload !== undefined && { payload: JSON.stringify(payload) }),
  });
}

/** A 400 in the error shape whose message or issues name `field`. */
async function expectRefused(request: Sent, field?: string) {
  const res = await send(request);
  expect(res.statusCode, `${request.method} ${request.url}: ${res.body.slice(0, 300)}`).toBe(400);
  const body = json(res);
  expect(ZApiError.safeParse(body).success).toBe(true);
  expect(body).toMatchObject({ success: false, code: 'request/invalid' });
  if (field) expect(JSON.stringify(body)).toContain(field);
  return body;
}

const NUL = 'a\u0000b';
const LONE = 'a\ud800b';
const validReport = {
  timestamp: '2026-11-22T10:00:00Z',
  level: 'error',
  message: 'boom',
};

describe('the NUL character', () => {
  it('is refused in text fields of public routes', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: '/api/contact',
        payload: { name: NUL, email: 'a@example.com', subject: 'Hi', message: 'Hello there staff' },
      },
      'name',
    );
    await expectRefused(
      { method: 'POST', url: '/api/error-logs', payload: { ...validReport, message: NUL } },
      'message',
    );
    await expectRefused(
      { method: 'POST', url: '/api/auth/resend-otp', payload: { email: `x${NUL}@example.com` } },
      'email',
    );
    await expectRefused(
      {
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: `x${NUL}@example.com` },
      },
      'email',
    );
  });

  it('is refused in search queries and path parameters', async () => {
    await expectRefused(
      { method: 'GET', url: '/api/admin/users?search=a%00b', token: owner.token },
      'search',
    );
    await expectRefused({ method: 'GET', url: '/api/projects/a%00b', token: user.token }, 'id');
  });
});

describe('stored JSON documents', () => {
  it('refuse NUL and lone surrogates in project state, error-log metadata and audit rows', async () => {
    const project = await createProject(user);
    for (const bad of [NUL, LONE]) {
      await expectRefused(
        {
          method: 'PUT',
          url: `/api/projects/${project.id}/state`,
          token: user.token,
          payload: {
            revision: project.revision,
            state: stateFor('aws-three-tier-web-app', { note: bad }),
          },
        },
        'state',
      );
      await expectRefused(
        {
          method: 'POST',
          url: '/api/error-logs',
          payload: { ...validReport, metadata: { [bad]: bad } },
        },
        'metadata',
      );
      await expectRefused(
        {
          method: 'POST',
          url: '/api/admin/site-notices',
          token: owner.token,
          payload: { title: bad, message: 'Body of it', type: 'info' },
        },
        'title',
      );
    }
  });

  it('keep an escaped lone surrogate out even when written by hand', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: '/api/error-logs',
        raw: '{"timestamp":"2026-11-22T10:00:00Z","level":"error","message":"x\\udc00y"}',
      },
      'message',
    );
  });
});

describe('dates PostgreSQL cannot store', () => {
  it('are refused for voucher and notice expiry and the error-log timestamp', async () => {
    for (const date of ['0000-01-01T00:00:00Z', '2026-02-31T00:00:00Z']) {
      await expectRefused(
        {
          method: 'POST',
          url: '/api/admin/vouchers',
          token: owner.token,
          payload: { type: 'pro', credits: 1, duration: 30, usageLimit: 1, expiresAt: date },
        },
        'expiresAt',
      );
      await expectRefused(
        {
          method: 'POST',
          url: '/api/admin/site-notices',
          token: owner.token,
          payload: { title: 'T', message: 'Body of it', type: 'info', expiresAt: date },
        },
        'expiresAt',
      );
      await expectRefused(
        { method: 'POST', url: '/api/error-logs', payload: { ...validReport, timestamp: date } },
        'timestamp',
      );
      await expectRefused(
        {
          method: 'GET',
          url: `/api/admin/audit?from=${encodeURIComponent(date)}`,
          token: owner.token,
        },
        'from',
      );
    }
  });

  it('still accepts dates of years 1 to 9999', async () => {
    const res = await send({
      method: 'POST',
      url: '/api/error-logs',
      payload: { ...validReport, timestamp: '0001-01-01T00:00:00Z' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('32-bit columns', () => {
  it('refuse a revision of 2^31 or more', async () => {
    const project = await createProject(user);
    await expectRefused(
      {
        method: 'PUT',
        url: `/api/projects/${project.id}/state`,
        token: user.token,
        payload: { revision: 2 ** 31, state: stateFor('aws-three-tier-web-app') },
      },
      'revision',
    );
  });
});

describe('deep nesting', () => {
  const deep = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

  it('is refused before parsing on the project save and the public error-log route', async () => {
    const project = await createProject(user);
    for (const levels of [5_000, 200_000]) {
      const body = await expectRefused({
        method: 'PUT',
        url: `/api/projects/${project.id}/state`,
        token: user.token,
        raw: `{"revision":${project.revision},"state":${deep(levels)}}`,
      });
      expect(body.message).toMatch(/nested/i);
      await expectRefused({
        method: 'POST',
        url: '/api/error-logs',
        raw: JSON.stringify({ ...validReport, metadata: { x: 0 } }).replace(
          '0}',
          `${deep(levels)}}`,
        ),
      });
    }
  });

  it('does not count brackets inside strings', async () => {
    const res = await send({
      method: 'POST',
      url: '/api/error-logs',
      payload: { ...validReport, message: '['.repeat(1000), metadata: { s: '{'.repeat(1000) } },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('the avatar', () => {
  it('is removed by an empty value', async () => {
    const account = await signUp(server);
    const set = await send({
      method: 'PUT',
      url: '/api/auth/profile',
      token: account.token,
      payload: { avatarUrl: 'https://example.com/me.png' },
    });
    expect(json<{ user: { avatarUrl: string } }>(set).user.avatarUrl).toBe(
      'https://example.com/me.png',
    );
    const cleared = await send({
      method: 'PUT',
      url: '/api/auth/profile',
      token: account.token,
      payload: { avatarUrl: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(json<{ user: { avatarUrl: string | null } }>(cleared).user.avatarUrl).toBeNull();
  });
});
