import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TChatEvent } from '@stratum/core/contract/llm/chat';
import { ASSISTANT_CALLS_PER_HOUR } from '@stratum/core/assistant/limits';
import { CODE_CONTEXT_LIMITS } from '@stratum/core/assistant/code-context';
import { generate } from '@stratum/core/iac/generate';
import { parseAllowRules } from '../src/lib/egress';
import { bearer, json, signUp, startTestServer, type TestServer } from './harness';
import { createProject, stateFor, type Method } from './planner-helpers';

/**
 * A local OpenAI-compatible server: what it answers depends on the last user message, and it
 * keeps what it received (the key, the messages, the tools) for the assertions.
 */
const ENV_KEY = 'sk-environment-secret-0123456789';
const ADMIN_KEY = 'sk-admin-secret-abcdefghijklmnop';
const OWN_KEY = 'sk-own-secret-zyxwvutsrqponmlk';
interface Received {
  authorization: string | undefined;
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content: string }[];
    tools?: unknown[];
  };
}
const received: Received[] = [];
let fake: Server;
let fakeUrl: string;

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'c1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'fake',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

const QUEUE_PATCH = {
  summary: 'Add a queue for the jobs',
  operations: [{ op: 'add_component', id: 'jobs', service: 'aws.sqs', name: 'jobs' }],
};

function answer(req: IncomingMessage, body: Received['body'], res: ServerResponse) {
  const last = body.messages.at(-1)?.content ?? '';
  if (last.includes('fail')) {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        error: { message: `overloaded (key was ${ENV_KEY})`, type: 'server_error' },
      }),
    );
    return;
  }
  if (last.includes('slow')) return; // never answers: the deadline ends it
  if (!body.stream) {
    const content = last.includes('design')
      ? JSON.stringify({
          v: 2,
          name: 'queue-app',
          provider: 'aws',
          region: 'us-east-1',
          components: [{ id: 'jobs', service: 'aws.sqs', name: 'jobs', properties: {} }],
        })
      : last.includes('nonsense design')
        ? '{"v":2}'
        : JSON.stringify({ files: [{ path: 'main.tf', content: 'terraform {}\n' }] });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'c1',
        object: 'chat.completion',
        created: 1,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  if (last.includes('queue') || last.includes('teleporter')) {
    const args = JSON.stringify(
      last.includes('teleporter')
        ? { operations: [{ ...QUEUE_PATCH.operations[0], service: 'aws.teleporter' }] }
        : QUEUE_PATCH,
    );
    res.write(chunk({ role: 'assistant', content: 'I can add a queue. ' }));
    // Arguments arrive in pieces, as real models send them.
    res.write(
      chunk({
        tool_calls: [
          {
            index: 0,
            id: 'call_1',
            type: 'function',
            function: { name: 'propose_design_patch', arguments: args.slice(0, 20) },
          },
        ],
      }),
    );
    res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(20) } }] }));
    res.write(chunk({}, 'tool_calls'));
  } else {
    res.write(chunk({ role: 'assistant', content: 'Hello' }));
    res.write(chunk({ content: ' there.' }));
    res.write(chunk({}, 'stop'));
  }
  res.end('data: [DONE]\n\n');
}

beforeAll(async () => {
  fake = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as Received['body'];
      received.push({ authorization: req.headers.authorization, body });
      answer(req, body, res);
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});

/** Events of a finished stream, read from its body. */
function eventsOf(body: string): TChatEvent[] {
  return body
    .split('\n\n')
    .map((block) =>
      block
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join(''),
    )
    .filter(Boolean)
    .map((data) => JSON.parse(data) as TChatEvent);
}

describe('with no model configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('every route says so plainly, and generate answers the placeholder with ERROR.md', async () => {
    const user = await signUp(server);
    const status = await server.app.inject({
      method: 'GET',
      url: '/api/llm/status',
      headers: bearer(user.token),
    });
    expect(json(status).data).toMatchObject({ configured: false, source: 'none', model: null });

    const generate = await server.app.inject({
      method: 'POST',
      url: '/api/llm/generate',
      headers: bearer(user.token),
      payload: { prompt: 'a VPC', model: 'gpt-4o' },
    });
    expect(generate.statusCode).toBe(400);
    const failed = json<{
      success: boolean;
      code: string;
      message: string;
      result: { files: { path: string; content: string }[] };
    }>(generate);
    expect(failed).toMatchObject({ success: false, code: 'llm/not_configured' });
    expect(failed.message).toMatch(/No language model is configured/);
    expect(failed.result.files.map((f) => f.path)).toEqual(['ERROR.md']);
    expect(failed.result.files[0]?.content).toMatch(/No language model is configured/);

    const chat = await server.app.inject({
      method: 'POST',
      url: '/api/llm/chat',
      headers: bearer(user.token),
      payload: { messages: [{ role: 'user', content: 'hello' }] },
    });
    expect(chat.statusCode).toBe(400);
    expect(json(chat)).toMatchObject({ success: false, code: 'llm/not_configured' });
  });

  it('refuses an anonymous caller', async () => {
    const chat = await server.app.inject({
      method: 'POST',
      url: '/api/llm/chat',
      payload: { messages: [{ role: 'user', content: 'hello' }] },
    });
    expect(chat.statusCode).toBe(401);
  });
});

describe('against an OpenAI-compatible endpoint', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      egressAllow: parseAllowRules('127.0.0.1').rules,
      llm: { baseUrl: fakeUrl, apiKey: ENV_KEY, model: 'fake-model', timeoutMs: 1500 },
    });
  });
  afterEach(async () => {
    await sql`DELETE FROM llm_settings`.execute(server.db);
  });
  afterAll(() => server.close());

  const chat = (
    token: string,
    content: string,
    extra: Record<string, unknown> = {},
    url = '/api/llm/chat',
  ) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      payload: { messages: [{ role: 'user', content }], ...extra },
    });

  it('streams an answer with the environment key, and keeps the prompt and answer for the user', async () => {
    const user = await signUp(server);
    const res = await chat(user.token, 'hi');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    const events = eventsOf(res.body);
    expect(
      events
        .filter((e) => e.type === 'delta')
        .map((e) => (e as { text: string }).text)
        .join(''),
    ).toBe('Hello there.');
    expect(events.at(-1)).toEqual({ type: 'done', model: 'fake-model' });
    const sent = received.at(-1);
    expect(sent?.authorization).toBe(`Bearer ${ENV_KEY}`);
    expect(sent?.body.messages[0]?.role).toBe('system');
    expect(sent?.body.tools).toHaveLength(1);

    const history = await server.app.inject({
      method: 'GET',
      url: '/api/llm/history',
      headers: bearer(user.token),
    });
    expect(json<{ data: unknown[] }>(history).data[0]).toMatchObject({
      kind: 'chat',
      prompt: 'hi',
      answer: 'Hello there.',
      outcome: 'ok',
      model: 'fake-model',
    });
    const audit = await sql<{ action: string; after: Record<string, unknown> }>`SELECT action, after
      FROM audit_log WHERE actor_id = ${user.userId} AND action LIKE 'llm.%'`.execute(server.db);
    expect(audit.rows.map((r) => r.action)).toEqual(['llm.chat']);
    expect(JSON.stringify(audit.rows)).not.toContain(ENV_KEY);
  });

  it('offers a tool-call patch only after it validates against the project design', async () => {
    const user = await signUp(server);
    const project = await createProject({
      userId: user.userId,
      token: user.token,
      call: (method, url, payload) =>
        server.app.inject({ method, url, headers: bearer(user.token), payload: payload as never }),
    });
    const res = await chat(user.token, 'add a queue', { projectId: project.id });
    const events = eventsOf(res.body);
    const patch = events.find((e) => e.type === 'patch');
    expect(patch).toEqual({
      type: 'patch',
      patch: QUEUE_PATCH,
      changes: ['Add SQS queue "jobs" (jobs)'],
    });
    // The design the model saw was the project's.
    expect(received.at(-1)?.body.messages[0]?.content).toContain('their saved project');

    const bad = eventsOf((await chat(user.token, 'a teleporter please')).body);
    expect(bad.some((e) => e.type === 'patch')).toBe(false);
    expect(bad.find((e) => e.type === 'patch_invalid')).toBeDefined();

    const other = await signUp(server);
    const foreign = await chat(other.token, 'add a queue', { projectId: project.id });
    expect(foreign.statusCode).toBe(404);
  });

  it("talks about the board the browser sends, with Stratum's own cost estimate of it", async () => {
    const user = await signUp(server);
    const design = {
      v: 2,
      name: 'shop',
      provider: 'aws',
      region: 'us-east-1',
      components: [{ id: 'web', service: 'aws.ec2', name: 'web', properties: {} }],
    };
    const res = await chat(user.token, 'what does it cost?', { design });
    expect(eventsOf(res.body).at(-1)?.type).toBe('done');
    const system = received.at(-1)?.body.messages[0]?.content ?? '';
    expect(system).toContain('the board in their browser');
    expect(system).toMatch(
      /monthly list-price estimate \(aws us-east-1, price book .+\): \$\d+\.\d\d USD/,
    );
    expect(system).toMatch(/- web: .+ \$\d+\.\d\d/);
  });

  it('explains a stored generation: the open file whole in the context, the others by path and size', async () => {
    const user = await signUp(server);
    const call = (method: Method, url: string, payload?: unknown) =>
      server.app.inject({ method, url, headers: bearer(user.token), payload: payload as never });
    const project = await createProject(
      { userId: user.userId, token: user.token, call },
      'Shop',
      stateFor('gcp-three-tier-web-app'),
    );
    const generated = await call('POST', `/api/projects/${project.id}/generations`, {
      format: 'terraform',
    });
    const generation = json<{
      data: { generation: { id: string; files: { path: string; content: string }[] } };
    }>(generated).data.generation;
    const variables = generation.files.find((f) => f.path === 'variables.tf');
    expect(variables?.content).toMatch(/variable "db_password" \{[^}]*sensitive/);

    const res = await chat(user.token, 'What does this file do?', {
      projectId: project.id,
      code: { path: 'variables.tf', generationId: generation.id },
    });
    expect(eventsOf(res.body).at(-1)?.type).toBe('done');
    const system = received.at(-1)?.body.messages[0]?.content ?? '';
    expect(system).toContain('The user is asking about the file variables.tf');
    expect(system).toContain(variables?.content.trimEnd());
    const other = generation.files.find((f) => f.path === 'main.tf');
    expect(system).toContain(`- main.tf (${other?.content.length})`);
    expect(system).not.toContain(other?.content);
    expect(system).not.toContain('[truncated');

    // Someone else's generation, even with its id, is not found.
    const stranger = await signUp(server);
    const foreign = await chat(stranger.token, 'explain', {
      projectId: project.id,
      code: { path: 'main.tf', generationId: generation.id },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("generates the board's code itself, and cuts a huge file with a note the model sees", async () => {
    const user = await signUp(server);
    // 120 queues: a main.tf well over the context's budget for one file.
    const design = {
      v: 2,
      name: 'jobs',
      provider: 'aws',
      region: 'us-east-1',
      components: Array.from({ length: 120 }, (_, i) => ({
        id: `queue-${i}`,
        service: 'aws.sqs',
        name: `queue-${i}`,
        properties: {},
      })),
    };
    const engine = generate(design, { format: 'terraform' });
    if (!engine.ok) throw new Error('the design does not generate');
    const main = engine.files.find((f) => f.path === 'main.tf')?.content ?? '';
    expect(main.length).toBeGreaterThan(CODE_CONTEXT_LIMITS.fileChars * 2);

    const res = await chat(user.token, 'explain main.tf', {
      design,
      code: { path: 'main.tf', format: 'terraform' },
    });
    expect(eventsOf(res.body).at(-1)?.type).toBe('done');
    const system = received.at(-1)?.body.messages[0]?.content ?? '';
    expect(system).toContain('terraform, standard layout, generated by Stratum');
    expect(system).toContain(main.slice(0, 2000));
    expect(system).not.toContain(main);
    expect(system).toMatch(/\[truncated: only the first \d+ of \d+ lines/);
    const [, code] =
      /The user is asking about the file main\.tf[^\n]*\n([\s\S]*)\n\[truncated/.exec(system) ?? [];
    expect(code?.length).toBeLessThanOrEqual(CODE_CONTEXT_LIMITS.fileChars + 20);
  });

  it('opens the stream with a single-use ticket', async () => {
    const user = await signUp(server);
    const issued = await server.app.inject({
      method: 'POST',
      url: '/api/llm/stream-tickets',
      headers: bearer(user.token),
    });
    const { ticket } = json<{ data: { ticket: string } }>(issued).data;
    const open = (url: string) =>
      server.app.inject({
        method: 'POST',
        url,
        payload: { messages: [{ role: 'user', content: 'hi' }] },
      });
    const first = await open(`/api/llm/chat?ticket=${ticket}`);
    expect(eventsOf(first.body).at(-1)?.type).toBe('done');
    const again = await open(`/api/llm/chat?ticket=${ticket}`);
    expect(again.statusCode).toBe(401);
  });

  it('turns an error answer into an error event and generate into the ERROR.md placeholder, without the key', async () => {
    const user = await signUp(server);
    const res = await chat(user.token, 'please fail');
    const last = eventsOf(res.body).at(-1);
    expect(last).toMatchObject({ type: 'error', code: 'llm/upstream_failed' });
    expect((last as { message: string }).message).toMatch(/HTTP 500/);
    expect(res.body).not.toContain(ENV_KEY);

    const generate = await server.app.inject({
      method: 'POST',
      url: '/api/llm/generate',
      headers: bearer(user.token),
      payload: { prompt: 'please fail' },
    });
    expect(generate.statusCode).toBe(502);
    const body = json<{
      success: boolean;
      code: string;
      result: { files: { path: string; content: string }[] };
    }>(generate);
    expect(body).toMatchObject({ success: false, code: 'llm/upstream_failed' });
    expect(body.result.files[0]?.path).toBe('ERROR.md');
    expect(body.result.files[0]?.content).toMatch(/HTTP 500/);
    expect(generate.body).not.toContain(ENV_KEY);
  });

  it('ends a model that does not answer at the deadline', async () => {
    const user = await signUp(server);
    const res = await chat(user.token, 'be slow');
    expect(eventsOf(res.body).at(-1)).toMatchObject({
      type: 'error',
      code: 'llm/upstream_timeout',
    });
    const generate = await server.app.inject({
      method: 'POST',
      url: '/api/llm/generate',
      headers: bearer(user.token),
      payload: { prompt: 'be slow' },
    });
    expect(generate.statusCode).toBe(504);
    expect(json(generate)).toMatchObject({ code: 'llm/upstream_timeout' });
  });

  it('generates files, and a design only when it validates', async () => {
    const user = await signUp(server);
    const files = await server.app.inject({
      method: 'POST',
      url: '/api/llm/generate',
      headers: bearer(user.token),
      payload: { prompt: 'terraform for nothing', model: 'other-model' },
    });
    expect(json(files)).toMatchObject({
      success: true,
      model: 'other-model',
      result: { files: [{ path: 'main.tf', content: 'terraform {}\n' }] },
    });
    expect(received.at(-1)?.body.model).toBe('other-model');

    const design = await server.app.inject({
      method: 'POST',
      url: '/api/llm/generate',
      headers: bearer(user.token),
      payload: { prompt: 'a design with a queue', task: 'design' },
    });
    const good = json<{ success: boolean; result: { design: { components: unknown[] } } }>(design);
    expect(good.success).toBe(true);
    expect(good.result.design.components).toHaveLength(1);

    // The fake answers `{"v":2}` to this: no name, region… so nothing opens.
    const invalid = await server.app.inject({
      method: 'POST',
      url: '/api/llm/generate',
      headers: bearer(user.token),
      payload: { prompt: 'a nonsense one', task: 'design' },
    });
    expect(invalid.statusCode).toBe(502);
    expect(json(invalid)).toMatchObject({ success: false, code: 'llm/invalid_answer' });
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
      payload: { baseUrl: fakeUrl, model: 'admin-model', apiKey: ADMIN_KEY },
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
    expect(received.at(-1)).toMatchObject({
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
    expect(received.at(-1)?.authorization).toBe(`Bearer ${OWN_KEY}`);

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
    expect(received.at(-1)?.authorization).toBe(`Bearer ${ADMIN_KEY}`);
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
      const refused = await save(fakeUrl);
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
      llm: { baseUrl: fakeUrl, apiKey: ENV_KEY, model: 'fake-model', timeoutMs: 1500 },
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
