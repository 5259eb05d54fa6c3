import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { TRunResult } from '@stratum/core/contract/api-client/run';
import type { THistoryEntry, THistorySummary } from '@stratum/core/contract/api-client/history';
import type { TEnvironment } from '@stratum/core/contract/api-client/environments';
import { parseAllowRules } from '../src/lib/egress';
import { json, startTestServer, type TestServer } from './harness';
import type { User } from './planner-helpers';

/**
 * The runner's integration tests run the real app (harness.ts): the real proxy and egress
 * policy, the stored collections, environments and history, the real plan gate. Loopback is
 * opened in the egress policy, as the e2e journeys open it, so runs reach the loopback servers
 * of api-client-upstream.ts; anything else non-public stays refused. The app listens, so the
 * proxy's deny list knows Stratum's own port (`ownBase`) and a browser-like client can cancel.
 */
export async function startRunnerServer(): Promise<{ server: TestServer; ownBase: string }> {
  const server = await startTestServer({ egressAllow: parseAllowRules('127.0.0.0/8').rules });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  return { server, ownBase: `http://127.0.0.1:${port}` };
}

/** POST /api/api-client/run, which answers 200 whatever the upstream did; its `data`. */
export async function run(user: User, body: Record<string, unknown>): Promise<TRunResult> {
  const res = await user.call('POST', '/api/api-client/run', body);
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  return json<{ data: TRunResult }>(res).data;
}

/** A stored collection from a document (as the model's input: defaults may be left out). */
export async function createCollection(
  user: User,
  doc: Record<string, unknown> & { name: string },
): Promise<string> {
  const res = await user.call('POST', '/api/api-client/collections', { doc: { v: 1, ...doc } });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { collection: { id: string } } }>(res).data.collection.id;
}

export interface Variable {
  key: string;
  value: string;
  secret?: boolean;
  enabled?: boolean;
}

export async function createEnvironment(user: User, variables: Variable[]): Promise<string> {
  const res = await user.call('POST', '/api/api-client/environments', {
    name: 'Env',
    variables,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { environment: { id: string } } }>(res).data.environment.id;
}

/** The environment as the page shows it (secret values masked). */
export async function environmentOf(user: User, id: string): Promise<TEnvironment> {
  const res = await user.call('GET', `/api/api-client/environments/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { environment: TEnvironment } }>(res).data.environment;
}

/** The history as the page lists it, newest first. */
export async function historyOf(user: User): Promise<THistorySummary[]> {
  const res = await user.call('GET', '/api/api-client/history');
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { entries: THistorySummary[] } }>(res).data.entries;
}

/** One history entry with the request document it was sent from. */
export async function historyEntry(user: User, id: string): Promise<THistoryEntry> {
  const res = await user.call('GET', `/api/api-client/history/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { entry: THistoryEntry } }>(res).data.entry;
}
