import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestServer, type TestServer } from './harness';
import { stateV4 } from './inventory-files';
import { stateFor } from './planner-helpers';
import { callerFor, signUpAs, type Account, type Caller } from './staff';
import { withTagTables } from '../src/features/tags/tables';

type Data<T> = { data: T };

describe('Tags: keys, policies, where used, violations, cost by tag', () => {
  let server: TestServer;
  let user: Account;
  let other: Account;
  let admin: Account;
  let asUser: Caller;
  let asOther: Caller;
  let asAdmin: Caller;

  const auditOf = (targetId: string) =>
    server.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'target_type'])
      .where('target_id', '=', targetId)
      .orderBy('at')
      .execute();

  beforeAll(async () => {
    server = await startTestServer();
    [user, other, admin] = await Promise.all([
      signUpAs(server, 'user'),
      signUpAs(server, 'user'),
      signUpAs(server, 'admin'),
    ]);
    asUser = callerFor(server, user);
    asOther = callerFor(server, other);
    asAdmin = callerFor(server, admin);
  });
  afterAll(async () => {
    const db = withTagTables(server.db);
    await db.deleteFrom('tag_keys').where('scope', '=', 'org').execute();
    await db.deleteFrom('tag_policies').where('scope', '=', 'org').execute();
    await server?.close();
  });

  it('keeps a user’s own keys private, refuses a duplicate, audits each change', async () => {
    const created = await asUser('POST', '/api/tags/keys', {
      key: 'cost-center',
      description: 'Who pays',
      values: ['finance', 'platform'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const key = json<Data<{ id: string; canEdit: boolean; scope: string }>>(created).data;
    expect(key).toMatchObject({ canEdit: true, scope: 'user' });

    const again = await asUser('POST', '/api/tags/keys', { key: 'cost-center' });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 'tags/duplicate' });

    const theirs = json<Data<{ items: { id: string }[] }>>(await asOther('GET', '/api/tags/keys'));
    expect(theirs.data.items.map((k) => k.id)).not.toContain(key.id);
    expect((await asOther('PUT', `/api/tags/keys/${key.id}`, { key: 'x' })).statusCode).toBe(404);
    expect((await asOther('DELETE', `/api/tags/keys/${key.id}`)).statusCode).toBe(404);

    const updated = await asUser('PUT', `/api/tags/keys/${key.id}`, {
      key: 'cost-center',
      values: ['finance', 'platform', 'sales'],
    });
    expect(json<Data<{ values: string[] }>>(updated).data.values).toEqual([
      'finance',
      'platform',
      'sales',
    ]);
    expect((await asUser('DELETE', `/api/tags/keys/${key.id}`)).statusCode).toBe(200);
    expect((await auditOf(key.id)).map((a) => a.action)).toEqual([
      'tags.key_create',
      'tags.key_update',
      'tags.key_delete',
    ]);
  });

  it('organisation-wide keys: admins write them, everyone reads them', async () => {
    const body = { key: 'org-owner', values: ['sre'] };
    const refused = await asUser('POST', '/api/admin/tags/keys', body);
    expect(refused.statusCode).toBe(403);
    const created = await asAdmin('POST', '/api/admin/tags/keys', body);
    expect(created.statusCode, created.body).toBe(200);
    const id = json<Data<{ id: string }>>(created).data.id;
    const seen = json<Data<{ items: { id: string; canEdit: boolean }[] }>>(
      await asUser('GET', '/api/tags/keys'),
    ).data.items.find((k) => k.id === id);
    expect(seen?.canEdit).toBe(false);
    // The user's own route does not reach the organisation's key.
    expect((await asUser('DELETE', `/api/tags/keys/${id}`)).statusCode).toBe(404);
    expect(await auditOf(id)).toEqual([
      { action: 'tags.org_key_create', actor_id: admin.userId, target_type: 'tag_key' },
    ]);
  });

  it('refuses a bad policy with a clear message and saves nothing', async () => {
    const res = await asUser('POST', '/api/tags/policies', {
      name: 'Broken',
      cloud: 'aws',
      rules: [{ key: 'env', pattern: '(' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('The pattern is not a valid regular expression.');
    const list = json<Data<{ items: unknown[] }>>(await asUser('GET', '/api/tags/policies'));
    expect(list.data.items).toEqual([]);
  });

  it('lists inventory assets that break a policy, with the fix', async () => {
    const source = await asUser('POST', '/api/inventory/sources', {
      kind: 'tfstate',
      name: 'prod',
      content: stateV4(),
    });
    expect(source.statusCode, source.body).toBe(200);
    const created = await asUser('POST', '/api/tags/policies', {
      name: 'Cost allocation',
      cloud: 'aws',
      resourceTypes: ['aws_s3_*', 'aws_vpc'],
      rules: [
        { key: 'cost-center', allowedValues: ['finance'] },
        { key: 'team', required: false },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const policyId = json<Data<{ id: string }>>(created).data.id;
    expect((await auditOf(policyId)).map((a) => a.action)).toEqual(['tags.policy_create']);

    const res = await asUser('GET', '/api/tags/violations');
    expect(res.statusCode, res.body).toBe(200);
    const { items, total } =
      json<Data<{ items: { type: string; violations: { fix: string }[] }[]; total: number }>>(
        res,
      ).data;
    expect(total).toBe(2);
    const bucket = items.find((i) => i.type === 'aws_s3_bucket');
    // The bucket is tagged `team ` (a trailing space): rename it, and add the required key.
    expect(bucket?.violations.map((v) => v.fix)).toEqual([
      'add `cost-center` with one of: finance',
      'rename `team ` to `team`',
    ]);
    // Another user has no policy and sees nothing.
    expect(
      json<Data<{ total: number }>>(await asOther('GET', '/api/tags/violations')).data.total,
    ).toBe(0);
  });

  it('tells where each tag is used and the monthly cost by tag value', async () => {
    const state = stateFor('aws-three-tier-web-app');
    const board = state.architectureConfig as unknown as {
      tags?: Record<string, string>;
      components: { id: string; tags?: Record<string, string> }[];
    };
    board.tags = { 'cost-center': 'platform' };
    board.components[0]!.tags = { 'cost-center': 'finance' };
    await server.db
      .insertInto('projects')
      .values({ user_id: user.userId, name: 'shop', state: JSON.stringify(state) as never })
      .execute();

    const usage = json<
      Data<{
        items: {
          key: string;
          components: number;
          assets: number;
          projects: { name: string; isDefault: boolean }[];
        }[];
      }>
    >(await asUser('GET', '/api/tags/usage')).data.items;
    const cost = usage.find((u) => u.key === 'cost-center');
    expect(cost?.components).toBe(board.components.length);
    expect(cost?.projects).toMatchObject([{ name: 'shop', isDefault: true }]);
    expect(usage.find((u) => u.key === 'env')?.assets).toBeGreaterThan(0);

    const res = await asUser('GET', '/api/tags/cost?key=cost-center');
    expect(res.statusCode, res.body).toBe(200);
    const data = json<
      Data<{
        key: string;
        total: number;
        rows: { value: string; monthly: number; components: number }[];
      }>
    >(res).data;
    expect(data.key).toBe('cost-center');
    expect(data.rows.map((r) => r.value).sort()).toEqual(['finance', 'platform']);
    expect(data.rows.find((r) => r.value === 'finance')?.components).toBe(1);
    expect(data.total).toBeGreaterThan(0);
  });
  it('refuses a generation through the API that breaks a blocking policy, naming the fix', async () => {
    const owner = await signUpAs(server, 'user');
    const asOwner = callerFor(server, owner);
    const created = await asOwner('POST', '/api/projects', {
      name: 'tagged',
      state: stateFor('aws-three-tier-web-app'),
    });
    expect(created.statusCode, created.body).toBe(200);
    const projectId = json<Data<{ project: { id: string } }>>(created).data.project.id;
    const generate = () =>
      asOwner('POST', `/api/projects/${projectId}/generations`, { format: 'terraform' });
    // Without a policy the example generates.
    expect((await generate()).statusCode).toBe(200);

    const policy = await asOwner('POST', '/api/tags/policies', {
      name: 'Cost centre',
      cloud: 'aws',
      rules: [{ key: 'cost-center', allowedValues: ['finance', 'platform'] }],
    });
    expect(policy.statusCode, policy.body).toBe(200);
    const refused = await generate();
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('cost-center');
    const generations = await server.db
      .selectFrom('project_generations')
      .select('id')
      .where('project_id', '=', projectId)
      .execute();
    expect(generations).toHaveLength(1);
  });
});
