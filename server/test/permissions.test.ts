import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRole } from '@stratum/core/contract/common';
import { json, startTestServer, type TestServer } from './harness';
import { callerFor, signUpAs, type Account } from './staff';

/**
 * Every staff route, called as signed out, user, helper, moderator, admin and owner. The
 * allowed roles are written out here, not read from core's table, so a wrong table fails.
 * Ids are random, so an allowed call that names a record answers 404 and changes nothing.
 */
const ALL_STAFF: TRole[] = ['helper', 'moderator', 'admin', 'owner'];
const MODERATORS: TRole[] = ['moderator', 'admin', 'owner'];
const ADMINS: TRole[] = ['admin', 'owner'];
const SIGNED_IN: TRole[] = ['user', ...ALL_STAFF];

const id = () => crypto.randomUUID();

interface Case {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The OpenAPI path, to prove every staff route is here. */
  route: string;
  url: () => string;
  body?: () => unknown;
  allowed: TRole[];
}

const noticeBody = () => ({ title: 'Matrix', message: 'Permission matrix', type: 'info' });

const CASES: Case[] = [
  { method: 'GET', route: '/api/admin/users', url: () => '/api/admin/users', allowed: ALL_STAFF },
  {
    method: 'PUT',
    route: '/api/admin/users/{id}/role',
    url: () => `/api/admin/users/${id()}/role`,
    body: () => ({ role: 'helper' }),
    allowed: ADMINS,
  },
  {
    method: 'PUT',
    route: '/api/admin/users/{id}/plan',
    url: () => `/api/admin/users/${id()}/plan`,
    body: () => ({ planId: 'pro' }),
    allowed: ADMINS,
  },
  {
    method: 'PUT',
    route: '/api/admin/users/{id}/credits',
    url: () => `/api/admin/users/${id()}/credits`,
    body: () => ({ credits: 10 }),
    allowed: ADMINS,
  },
  {
    method: 'PUT',
    route: '/api/admin/users/{id}/disabled',
    url: () => `/api/admin/users/${id()}/disabled`,
    body: () => ({ isDisabled: true }),
    allowed: MODERATORS,
  },
  {
    method: 'DELETE',
    route: '/api/admin/users/{id}',
    url: () => `/api/admin/users/${id()}`,
    allowed: ADMINS,
  },
  {
    method: 'GET',
    route: '/api/subscription/requests',
    url: () => '/api/subscription/requests?status=pending',
    allowed: ALL_STAFF,
  },
  {
    method: 'POST',
    route: '/api/subscription/process-request/{id}',
    url: () => `/api/subscription/process-request/${id()}`,
    body: () => ({ action: 'reject', rejectionReason: 'matrix' }),
    allowed: MODERATORS,
  },
  {
    method: 'GET',
    route: '/api/admin/vouchers',
    url: () => '/api/admin/vouchers',
    allowed: ALL_STAFF,
  },
  {
    method: 'POST',
    route: '/api/admin/vouchers',
    url: () => '/api/admin/vouchers',
    body: () => ({ type: 'pro', credits: 1, duration: 1, usageLimit: 1 }),
    allowed: ADMINS,
  },
  {
    method: 'POST',
    route: '/api/admin/vouchers/{id}/expire',
    url: () => `/api/admin/vouchers/${id()}/expire`,
    allowed: ADMINS,
  },
  {
    method: 'DELETE',
    route: '/api/admin/vouchers/{id}',
    url: () => `/api/admin/vouchers/${id()}`,
    allowed: ADMINS,
  },
  {
    method: 'GET',
    route: '/api/admin/vouchers/{id}/usages',
    url: () => `/api/admin/vouchers/${id()}/usages`,
    allowed: ALL_STAFF,
  },
  {
    method: 'GET',
    route: '/api/admin/site-notices/all',
    url: () => '/api/admin/site-notices/all',
    allowed: ALL_STAFF,
  },
  {
    method: 'POST',
    route: '/api/admin/site-notices',
    url: () => '/api/admin/site-notices',
    body: () => ({ ...noticeBody(), isActive: false }),
    allowed: MODERATORS,
  },
  {
    method: 'PUT',
    route: '/api/admin/site-notices/{id}',
    url: () => `/api/admin/site-notices/${id()}`,
    body: () => ({ priority: 1 }),
    allowed: MODERATORS,
  },
  {
    method: 'DELETE',
    route: '/api/admin/site-notices/{id}',
    url: () => `/api/admin/site-notices/${id()}`,
    allowed: MODERATORS,
  },
  {
    method: 'GET',
    route: '/api/admin/site-notices',
    url: () => '/api/admin/site-notices',
    allowed: SIGNED_IN,
  },
  {
    method: 'POST',
    route: '/api/admin/site-notices/{id}/dismiss',
    url: () => `/api/admin/site-notices/${id()}/dismiss`,
    allowed: SIGNED_IN,
  },
  {
    method: 'GET',
    route: '/api/admin/error-logs',
    url: () => '/api/admin/error-logs?level=error',
    allowed: ALL_STAFF,
  },
  {
    method: 'DELETE',
    route: '/api/admin/error-logs',
    url: () => '/api/admin/error-logs?before=2000-01-01T00:00:00Z',
    allowed: ADMINS,
  },
  {
    method: 'GET',
    route: '/api/admin/email-templates',
    url: () => '/api/admin/email-templates',
    allowed: ALL_STAFF,
  },
  {
    method: 'PUT',
    route: '/api/admin/email-templates/{id}',
    url: () => '/api/admin/email-templates/no-such-template',
    body: () => ({ subject: 's', htmlContent: 'h', textContent: 't' }),
    allowed: ADMINS,
  },
  {
    method: 'POST',
    route: '/api/admin/email-templates/{id}/preview',
    url: () => '/api/admin/email-templates/welcome/preview',
    body: () => ({}),
    allowed: ALL_STAFF,
  },
  {
    method: 'POST',
    route: '/api/admin/email-templates/{id}/reset',
    url: () => '/api/admin/email-templates/no-such-template/reset',
    allowed: ADMINS,
  },
  {
    method: 'GET',
    route: '/api/admin/system/egress',
    url: () => '/api/admin/system/egress',
    allowed: ADMINS,
  },
  {
    method: 'PUT',
    route: '/api/admin/system/egress',
    url: () => '/api/admin/system/egress',
    // An allowed call is refused on content, so nothing is stored.
    body: () => ({ allowList: 'not-a-rule' }),
    allowed: ADMINS,
  },
  // The assistant's model setting (decision 0024): owner and admin only.
  {
    method: 'GET',
    route: '/api/admin/llm',
    url: () => '/api/admin/llm',
    allowed: ADMINS,
  },
  {
    method: 'PUT',
    route: '/api/admin/llm',
    url: () => '/api/admin/llm',
    // An empty base URL removes the admin's setting: with none stored, an allowed call changes nothing.
    body: () => ({ baseUrl: '', model: '' }),
    allowed: ADMINS,
  },
  // The database service (§7): the saved target is a documentation address the egress policy
  // refuses, so an allowed call changes nothing outside and nothing reaches a database.
  {
    method: 'GET',
    route: '/api/database/config',
    url: () => '/api/database/config',
    allowed: ADMINS,
  },
  {
    method: 'PUT',
    route: '/api/database/config',
    url: () => '/api/database/config',
    body: () => ({ server: '192.0.2.1', database: 'matrix', user: 'matrix' }),
    allowed: ADMINS,
  },
  ...(['test', 'connect', 'disconnect'] as const).map((verb): Case => ({
    method: 'POST',
    route: `/api/database/${verb}`,
    url: () => `/api/database/${verb}`,
    allowed: ADMINS,
  })),
  {
    method: 'POST',
    route: '/api/database/create-schema',
    url: () => '/api/database/create-schema',
    body: () => ({ name: 'matrix' }),
    allowed: ADMINS,
  },
  {
    method: 'POST',
    route: '/api/database/drop-schema',
    url: () => '/api/database/drop-schema',
    body: () => ({ name: 'matrix', confirm: 'matrix' }),
    allowed: ADMINS,
  },
  {
    method: 'POST',
    route: '/api/database/query',
    url: () => '/api/database/query',
    body: () => ({ query: 'SELECT 1' }),
    allowed: ADMINS,
  },
  {
    method: 'GET',
    route: '/api/database/audit',
    url: () => '/api/database/audit',
    allowed: ADMINS,
  },
  {
    method: 'GET',
    route: '/api/admin/system/mailing',
    url: () => '/api/admin/system/mailing',
    allowed: ADMINS,
  },
  {
    method: 'PUT',
    route: '/api/admin/system/mailing',
    url: () => '/api/admin/system/mailing',
    // An allowed call is refused on content, so nothing is stored.
    body: () => ({
      provider: 'smtp',
      isEnabled: false,
      senderEmail: 'matrix@example.com',
      connectionString: 'https://not-smtp.example.com',
    }),
    allowed: ADMINS,
  },
  {
    method: 'DELETE',
    route: '/api/admin/system/mailing',
    url: () => '/api/admin/system/mailing',
    allowed: ADMINS,
  },
  {
    method: 'POST',
    route: '/api/admin/system/mailing/test',
    url: () => '/api/admin/system/mailing/test',
    body: () => ({}),
    allowed: ADMINS,
  },
  // Price lists (costing importers): a random id answers 404 and a refused URL 400, so an
  // allowed call imports nothing.
  {
    method: 'GET',
    route: '/api/admin/price-lists',
    url: () => '/api/admin/price-lists',
    allowed: ADMINS,
  },
  {
    method: 'GET',
    route: '/api/admin/price-imports',
    url: () => '/api/admin/price-imports',
    allowed: ADMINS,
  },
  {
    method: 'POST',
    route: '/api/admin/price-imports',
    url: () => '/api/admin/price-imports',
    body: () => ({ format: 'aws-offer-json', url: 'http://169.254.169.254/offer.json' }),
    allowed: ADMINS,
  },
  {
    method: 'GET',
    route: '/api/admin/price-imports/{id}',
    url: () => `/api/admin/price-imports/${id()}`,
    allowed: ADMINS,
  },
  {
    method: 'GET',
    route: '/api/admin/price-imports/{id}/diff',
    url: () => `/api/admin/price-imports/${id()}/diff`,
    allowed: ADMINS,
  },
  {
    method: 'PUT',
    route: '/api/admin/price-imports/{id}/file',
    url: () => `/api/admin/price-imports/${id()}/file`,
    body: () => ({}),
    allowed: ADMINS,
  },
  { method: 'GET', route: '/api/admin/audit', url: () => '/api/admin/audit', allowed: ALL_STAFF },
  {
    method: 'GET',
    route: '/api/admin/audit/export',
    url: () => '/api/admin/audit/export',
    allowed: ALL_STAFF,
  },
  // Organisation-wide tags: the allowed roles create one key and one policy (removed afterwards).
  {
    method: 'POST',
    route: '/api/admin/tags/keys',
    url: () => '/api/admin/tags/keys',
    body: () => ({ key: 'matrix' }),
    allowed: ADMINS,
  },
  {
    method: 'PUT',
    route: '/api/admin/tags/keys/{id}',
    url: () => `/api/admin/tags/keys/${id()}`,
    body: () => ({ key: 'matrix' }),
    allowed: ADMINS,
  },
  {
    method: 'DELETE',
    route: '/api/admin/tags/keys/{id}',
    url: () => `/api/admin/tags/keys/${id()}`,
    allowed: ADMINS,
  },
  {
    method: 'POST',
    route: '/api/admin/tags/policies',
    url: () => '/api/admin/tags/policies',
    body: () => ({ name: 'Matrix', cloud: 'aws', rules: [{ key: 'matrix' }] }),
    allowed: ADMINS,
  },
  {
    method: 'PUT',
    route: '/api/admin/tags/policies/{id}',
    url: () => `/api/admin/tags/policies/${id()}`,
    body: () => ({ name: 'Matrix', cloud: 'aws', rules: [{ key: 'matrix' }] }),
    allowed: ADMINS,
  },
  {
    method: 'DELETE',
    route: '/api/admin/tags/policies/{id}',
    url: () => `/api/admin/tags/policies/${id()}`,
    allowed: ADMINS,
  },
  // Forums (issue 17 §1): categories and moderation are for moderators and above. A random id
  // answers 404; the one category an allowed call creates is removed after the run.
  {
    method: 'POST',
    route: '/api/forums/categories',
    url: () => '/api/forums/categories',
    body: () => ({ name: 'Matrix', description: 'Permission matrix' }),
    allowed: MODERATORS,
  },
  ...(['PUT', 'DELETE'] as const).map((method): Case => ({
    method,
    route: '/api/forums/categories/{id}',
    url: () => `/api/forums/categories/${id()}`,
    ...(method === 'PUT' && { body: () => ({ description: 'matrix' }) }),
    allowed: MODERATORS,
  })),
  ...(
    [
      ['threads', 'pinned', { isPinned: true }],
      ['threads', 'locked', { isLocked: true }],
      ['threads', 'hidden', { isHidden: true, reason: 'matrix' }],
      ['threads', 'category', { categoryId: '00000000-0000-4000-8000-000000000000' }],
      ['posts', 'hidden', { isHidden: true, reason: 'matrix' }],
    ] as const
  ).map(([kind, what, body]): Case => ({
    method: 'PUT',
    route: `/api/forums/${kind}/{id}/${what}`,
    url: () => `/api/forums/${kind}/${id()}/${what}`,
    body: () => body,
    allowed: MODERATORS,
  })),
  ...(['threads', 'posts'] as const).map((kind): Case => ({
    method: 'DELETE',
    route: `/api/forums/${kind}/{id}`,
    url: () => `/api/forums/${kind}/${id()}`,
    body: () => ({ reason: 'matrix' }),
    allowed: MODERATORS,
  })),
  {
    method: 'GET',
    route: '/api/forums/reports',
    url: () => '/api/forums/reports',
    allowed: MODERATORS,
  },
  {
    method: 'POST',
    route: '/api/forums/reports/{id}/resolve',
    url: () => `/api/forums/reports/${id()}/resolve`,
    body: () => ({ outcome: 'dismissed' }),
    allowed: MODERATORS,
  },
];

const ROLES: TRole[] = ['user', 'helper', 'moderator', 'admin', 'owner'];

let server: TestServer;
const accounts = new Map<TRole, Account>();
beforeAll(async () => {
  server = await startTestServer();
  await server.db.deleteFrom('mailing_config').execute();
  await server.db.deleteFrom('database_config' as never).execute();
  for (const account of await Promise.all(ROLES.map((role) => signUpAs(server, role)))) {
    accounts.set(account.role, account);
  }
});
afterAll(async () => {
  await server.db.deleteFrom('database_config' as never).execute();
  await server.db.deleteFrom('site_notices').where('title', '=', 'Matrix').execute();
  await server.db
    .deleteFrom('forum_categories' as never)
    .where('name' as never, '=', 'Matrix' as never)
    .execute();
  await server.db
    .deleteFrom('tag_keys' as never)
    .where('key' as never, '=', 'matrix' as never)
    .execute();
  await server.db
    .deleteFrom('tag_policies' as never)
    .where('name' as never, '=', 'Matrix' as never)
    .execute();
  await server.db
    .deleteFrom('vouchers')
    .where('credits', '=', 1)
    .where('duration_days', '=', 1)
    .execute();
  await server.close();
});

describe('the staff permission matrix', () => {
  it('covers every staff route the server has', () => {
    const document = server.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const isStaffRoute = (route: string) =>
      /^[A-Z]+ \/api\/(admin|database)\//.test(route) ||
      /^[A-Z]+ \/api\/subscription\/(requests|process-request)/.test(route) ||
      // Forum moderation: categories, pin/lock/hide/move, deletes with a reason, the reports queue.
      /^(POST|PUT|DELETE) \/api\/forums\/categories/.test(route) ||
      /^PUT \/api\/forums\/(threads|posts)\/\{id\}\/(pinned|locked|hidden|category)$/.test(route) ||
      /^DELETE \/api\/forums\/(threads|posts)\/\{id\}$/.test(route) ||
      /^[A-Z]+ \/api\/forums\/reports/.test(route);
    const staffRoutes = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .filter(isStaffRoute)
      .sort();
    expect(CASES.map((c) => `${c.method} ${c.route}`).sort()).toEqual(staffRoutes);
  });

  it.each(CASES.map((c) => [`${c.method} ${c.route}`, c] as const))('%s', async (_name, c) => {
    const signedOut = await callerFor(server)(c.method, c.url(), c.body?.());
    expect(signedOut.statusCode, 'signed out').toBe(401);
    expect(json(signedOut)).toMatchObject({ success: false, code: 'auth/unauthorized' });

    const allowedBy: TRole[] = [];
    for (const role of ROLES) {
      const res = await callerFor(server, accounts.get(role))(c.method, c.url(), c.body?.());
      if (res.statusCode === 403) {
        expect(json(res), `${role}: ${res.body}`).toMatchObject({ code: 'auth/forbidden' });
      } else {
        expect(res.statusCode, `${role}: ${res.body}`).not.toBe(401);
        expect(res.statusCode, `${role}: ${res.body}`).toBeLessThan(500);
        allowedBy.push(role);
      }
    }
    expect(allowedBy).toEqual(ROLES.filter((r) => c.allowed.includes(r)));
  });
});
