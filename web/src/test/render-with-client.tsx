import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { session } from '../lib/session';

/** Signs a user in for a component that reads the session (no server is asked). */
export function signInForTest(user: { id: string; email: string; role?: string }) {
  session.signIn('header.payload.signature', { firstName: 'Test', lastName: 'User', ...user });
}

/** A query client that never refetches on its own; seed it with `setQueryData`. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, refetchInterval: false },
      mutations: { retry: false },
    },
  });
}

export function renderWithClient(ui: ReactElement, client = testQueryClient()) {
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

/** A fetch that answers each call with `body` (JSON, 200) and records what was asked. */
export function answerEveryCall(body: unknown) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchMock = (input: string | URL, init?: RequestInit) => {
    calls.push({
      url: input.toString(),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    });
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
  return { calls, fetchMock };
}
