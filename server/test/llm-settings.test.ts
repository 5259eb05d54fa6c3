import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_CALLS_PER_HOUR } from '@stratum/core/assistant/limits';
import { bearer, json, signUp, startTestServer, type TestServer } from './harness';
import { ADMIN_KEY, ENV_KEY, OWN_KEY, useAssistantServer, useFakeModel } from './llm-fake';

// The assistant's settings against a fake OpenAI-compatible model (llm-fake.ts): calls per plan
// and hour, whose endpoint and key are used (admin's, environment's, a user's own), and the egress
// policy on the model's address.

const model = useFakeModel();

describe("the assistant's settings", () => {
  const assistant = useAssistantServer(model);
  const { chat } = assistant;
  let server: TestServer;
  beforeAll(() => {
    server = assistant.server();
  });

  it('limits calls per plan and hour', async () => {
    const user = await signUp(server);
    const limit = ASSISTANT_CALLS_PER_HOUR.free;
    for (let i = 0; i < limit; i += 1) expect((await chat(user.token, 'hi')).statusCode).toBe(200);
    const refused = await chat(user.token, 'hi');
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toMatchObject({ code: 'llm/rate_limited' });
    expect(refused.headers['retry-after']).toBe('3600');
  });

  it("uses the admin's endpoint and key over the environment's, and a user's own key over both, never answering a key", async () => {
    const admin = await signUp(server);
    await server.db
      .updateTable('users')
      .set({ role: 'admin' })
      .where('id', '=', admin.userId)
      .execute();
    const user = await signUp(server);

    const forbidden = await server.app.inject({
      method: 'GET',
      url: '/api/admin/llm',
      headers: bearer(user.token),
    });
    expect(forbidden.statusCode).toBe(403);

    const saved = await server.app.inject({
      method: 'PUT',
      url: '/api/admin/llm',
      headers: bearer(admin.token),
      payload: { baseUrl: model.url, model: 'admin-model', apiKey: ADMIN_KEY },
    });
    expect(json(saved).data).toMatchObject({
      source: 'admin',
      model: 'admin-model',
      key: { hasKey: true, hint: '…mnop' },
    });
    expect(saved.body).not.toContain(ADMIN_KEY);
    const stored = await sql<{
      api_key_sealed: string;
    }>`SELECT api_key_sealed FROM llm_settings`.execute(server.db);
    expect(stored.rows[0]?.api_key_sealed).not.toContain(ADMIN_KEY);

    await chat(user.token, 'hi');
    expect(model.received.at(-1)).toMatchObject({
      authorization: `Bearer ${ADMIN_KEY}`,
      body: { model: 'admin-model' },
    });

    const own = await server.app.inject({
      method: 'PUT',
      url: '/api/llm/key',
      headers: bearer(user.token),
      payload: { apiKey: OWN_KEY },
    });
    expect(json(own).data).toEqual({ hasKey: true, hint: '…nmlk' });
    await chat(user.token, 'hi');
    expect(model.received.at(-1)?.authorization).toBe(`Bearer ${OWN_KEY}`);

    for (const url of ['/api/llm/status', '/api/admin/llm', '/api/llm/history']) {
      const res = await server.app.inject({
        method: 'GET',
        url,
        headers: bearer(url.includes('admin') ? admin.token : user.token),
      });
      for (const key of [ENV_KEY, ADMIN_KEY, OWN_KEY]) expect(res.body).not.toContain(key);
    }
    const audit =
      await sql`SELECT before, after FROM audit_log WHERE action = 'system.llm.save'`.execute(
        server.db,
      );
    expect(JSON.stringify(audit.rows)).not.toContain(ADMIN_KEY);

    await server.app.inject({ method: 'DELETE', url: '/api/llm/key', headers: bearer(user.token) });
    await chat(user.token, 'hi');
    expect(model.received.at(-1)?.authorization).toBe(`Bearer ${ADMIN_KEY}`);
  });

  it('refuses to save a base URL the egress policy does not allow, naming the setting', async () => {
    const closed = await startTestServer();
    try {
      const admin = await signUp(closed);
      await closed.db
        .updateTable('users')
        .set({ role: 'admin' })
        .where('id', '=', admin.userId)
        .execute();
      const save = (baseUrl: string) =>
        closed.app.inject({
          method: 'PUT',
          url: '/api/admin/llm',
          headers: bearer(admin.token),
          payload: { baseUrl, model: 'admin-model' },
        });
      const refused = await save(model.url);
      expect(refused.statusCode).toBe(400);
      const body = json<{ code: string; message: string; issues: { path: string }[] }>(refused);
      expect(body.code).toBe('request/invalid');
      expect(body.message).toMatch(/^The base URL is not allowed by the egress policy: .*loopback/);
      expect(body.message).toMatch(/EGRESS_ALLOW/);
      expect(body.issues).toEqual([{ path: 'baseUrl', message: body.message }]);
      const stored = await sql`SELECT base_url FROM llm_settings`.execute(closed.db);
      expect(stored.rows).toEqual([]);
      // A public address is saved (no connection is made when saving).
      expect((await save('https://9.9.9.9/v1')).statusCode).toBe(200);
    } finally {
      await closed.close();
    }
  });

  it('refuses a model on a private address the egress policy does not allow', async () => {
    const closed = await startTestServer({
      llm: { baseUrl: model.url, apiKey: ENV_KEY, model: 'fake-model', timeoutMs: 1500 },
    });
    try {
      const user = await signUp(closed);
      const res = await closed.app.inject({
        method: 'POST',
        url: '/api/llm/generate',
        headers: bearer(user.token),
        payload: { prompt: 'hello' },
      });
      expect(res.statusCode).toBe(403);
      expect(json(res)).toMatchObject({ code: 'llm/egress_refused' });
      expect(json<{ message: string }>(res).message).toMatch(/EGRESS_ALLOW/);
    } finally {
      await closed.close();
    }
  });
});
