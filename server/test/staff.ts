import type { LightMyRequestResponse } from 'fastify';
import type { TRole } from '@stratum/core/contract/common';
import { bearer, signUp, type TestServer } from './harness';

export interface Account {
  email: string;
  token: string;
  userId: string;
  role: TRole;
}

/**
 * A new verified account with `role`, set in the database as an owner would. The test
 * database is shared by every file of a run, so nobody relies on being the first account.
 */
export async function signUpAs(server: TestServer, role: TRole): Promise<Account> {
  const account = await signUp(server);
  await server.db.updateTable('users').set({ role }).where('id', '=', account.userId).execute();
  return { email: account.email, token: account.token, userId: account.userId, role };
}

export type Caller = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

/** Calls the app as `account` (or signed out without one). */
export function callerFor(server: TestServer, account?: { token: string }): Caller {
  return (method, url, payload) =>
    server.app.inject({
      method,
      url,
      headers: account ? bearer(account.token) : {},
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });
}
