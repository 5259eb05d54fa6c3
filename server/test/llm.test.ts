import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_CONTEXT_LIMITS } from '@stratum/core/assistant/code-context';
import { generate } from '@stratum/core/iac/generate';
import { bearer, json, signUp, startTestServer, type TestServer } from './harness';
import { ENV_KEY, QUEUE_PATCH, eventsOf, useAssistantServer, useFakeModel } from './llm-fake';
import { createProject, stateFor, type Method } from './planner-helpers';

// The assistant against a fake OpenAI-compatible model (llm-fake.ts): with none configured,
// streaming chat, design patches, code context and generation. Keys, endpoints, limits and the
// egress policy: llm-settings.test.ts.

const model = useFakeModel();

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
  const assistant = useAssistantServer(model);
  const { chat } = assistant;
  let server: TestServer;
  beforeAll(() => {
    server = assistant.server();
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
    const sent = model.received.at(-1);
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
    expect(model.received.at(-1)?.body.messages[0]?.content).toContain('their saved project');

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
    const system = model.received.at(-1)?.body.messages[0]?.content ?? '';
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
    const system = model.received.at(-1)?.body.messages[0]?.content ?? '';
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
    const system = model.received.at(-1)?.body.messages[0]?.content ?? '';
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
    expect(model.received.at(-1)?.body.model).toBe('other-model');

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
});
