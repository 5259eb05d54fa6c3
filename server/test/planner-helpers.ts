import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import type { TPlanId } from '@stratum/core/contract/common';
import { bearer, json, signUp, type TestServer } from './harness';

const EXAMPLES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../examples');

/** One of the engine's example designs (examples/*.json). */
export function example(name: string): Record<string, unknown> & {
  provider: string;
  components: { service: string }[];
} {
  return JSON.parse(readFileSync(path.join(EXAMPLES, `${name}.json`), 'utf8')) as never;
}

/** A planner state (the current version) holding an example's board, at the generation step. */
export function stateFor(name: string, extra: Record<string, unknown> = {}) {
  const doc = example(name);
  const { provider, components } = doc;
  const board = Object.fromEntries(
    Object.entries(doc).filter(
      ([key]) => !['v', '$schema', 'provider', 'naming', 'layout'].includes(key),
    ),
  ) as Record<string, unknown> & { components: { service: string }[] };
  return {
    v: 2,
    currentStep: 5,
    selectedProvider: provider,
    selectedServices: [...new Set(components.map((c) => c.service))],
    architectureConfig: board,
    ...extra,
  };
}

/** The same project as version 1 of the stored state kept it (before decision 0012). */
export function v1StateFor(name: string, extra: Record<string, unknown> = {}) {
  const doc = example(name);
  return {
    v: 1,
    currentStep: 5,
    provider: doc.provider,
    selectedServices: [...new Set(doc.components.map((c) => c.service))],
    architecture: doc,
    ...extra,
  };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Call = (
  method: Method,
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

export interface User {
  userId: string;
  token: string;
  call: Call;
}

/** A new verified user on `plan`, set in the database as staff would. */
export async function newUser(server: TestServer, plan: TPlanId = 'free'): Promise<User> {
  const account = await signUp(server);
  if (plan !== 'free') await setPlan(server, account.userId, plan);
  const call: Call = (method, url, payload) =>
    server.app.inject({
      method,
      url,
      headers: bearer(account.token),
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });
  return { userId: account.userId, token: account.token, call };
}

export async function setPlan(server: TestServer, userId: string, plan: TPlanId): Promise<void> {
  await server.db
    .updateTable('users')
    .set({ subscription_type: plan })
    .where('id', '=', userId)
    .execute();
}

export interface ProjectBody {
  id: string;
  name: string;
  revision: number;
  state: Record<string, unknown> & { currentStep: number; selectedProvider: string | null };
}

/** Creates a project through the API and answers it. */
export async function createProject(
  user: User,
  name = 'Shop',
  state?: Record<string, unknown>,
): Promise<ProjectBody> {
  const res = await user.call('POST', '/api/projects', { name, ...(state && { state }) });
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.body}`);
  return json<{ data: { project: ProjectBody } }>(res).data.project;
}

export function errorOf(res: LightMyRequestResponse) {
  return json<{ success: boolean; code: string; message: string; currentRevision?: number }>(res);
}
