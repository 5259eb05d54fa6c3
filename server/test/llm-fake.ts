import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { TChatEvent } from '@stratum/core/contract/llm/chat';
import { parseAllowRules } from '../src/lib/egress';
import { bearer, startTestServer, type TestServer } from './harness';

/**
 * A local OpenAI-compatible server for the assistant's tests (llm.test.ts, llm-settings.test.ts):
 * what it answers depends on the last user message, and it keeps what it received (the key, the
 * messages, the tools) for the assertions.
 */
export const ENV_KEY = 'sk-environment-secret-0123456789';
export const ADMIN_KEY = 'sk-admin-secret-abcdefghijklmnop';
export const OWN_KEY = 'sk-own-secret-zyxwvutsrqponmlk';
export interface Received {
  authorization: string | undefined;
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content: string }[];
    tools?: unknown[];
  };
}

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'c1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'fake',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

export const QUEUE_PATCH = {
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

export interface TFakeModel {
  /** Base URL of its OpenAI-compatible API (`…/v1`). */
  readonly url: string;
  /** Every request, in order. */
  readonly received: Received[];
  close(): Promise<void>;
}

/** Starts the fake model on a free loopback port. */
async function startFakeModel(): Promise<TFakeModel> {
  const received: Received[] = [];
  const fake = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as Received['body'];
      received.push({ authorization: req.headers.authorization, body });
      answer(req, body, res);
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`,
    received,
    close: async () => {
      fake.closeAllConnections();
      await new Promise((resolve) => fake.close(resolve));
    },
  };
}

/** Events of a finished stream, read from its body. */
export function eventsOf(body: string): TChatEvent[] {
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

/** For a test file: the fake model, started before its tests and closed after them. */
export function useFakeModel(): Omit<TFakeModel, 'close'> {
  let started: TFakeModel | undefined;
  beforeAll(async () => {
    started = await startFakeModel();
  });
  afterAll(() => started?.close());
  return {
    get url() {
      return started!.url;
    },
    get received() {
      return started!.received;
    },
  };
}

/**
 * Inside a describe: a test server whose assistant uses the fake model (loopback allowed by the
 * egress policy), its saved settings cleared after each test, and `chat`, which posts one user
 * message to the chat route (or another assistant route).
 */
export function useAssistantServer(model: Pick<TFakeModel, 'url'>) {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer({
      egressAllow: parseAllowRules('127.0.0.1').rules,
      llm: { baseUrl: model.url, apiKey: ENV_KEY, model: 'fake-model', timeoutMs: 1500 },
    });
  });
  afterEach(async () => {
    await sql`DELETE FROM llm_settings`.execute(server!.db);
  });
  afterAll(() => server?.close());
  const current = () => server!;
  const chat = (
    token: string,
    content: string,
    extra: Record<string, unknown> = {},
    url = '/api/llm/chat',
  ) =>
    current().app.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      payload: { messages: [{ role: 'user', content }], ...extra },
    });
  return { server: current, chat };
}
