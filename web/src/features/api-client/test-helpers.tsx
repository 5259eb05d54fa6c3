import { EditorView } from '@codemirror/view';
import { vi } from 'vitest';
import type { TPlanId } from '@stratum/core/contract/common';
import { renderWithClient, signInForTest, testQueryClient } from '../../test/render-with-client';
import { SUBSCRIPTION_QUERY_KEY } from '../../lib/api/subscription';
import { apiEnvironmentKey, writeString } from '../../lib/storage';
import { ApiPage } from './api-page';
import type { TEnvironment } from './api/environments';
import { workspace } from './workspace/workspace-store';

export interface TCall {
  url: string;
  method: string;
  body: unknown;
}

/** Answers the page's calls from `routes` (the longest "METHOD path" prefix), records them. */
export function fakeServer(routes: Record<string, unknown>) {
  const calls: TCall[] = [];
  vi.stubGlobal('fetch', (input: string | URL, init?: RequestInit) => {
    const url = input.toString();
    const method = init?.method ?? 'GET';
    calls.push({
      url,
      method,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    });
    const key = Object.keys(routes)
      .filter((k) => `${method} ${url}`.startsWith(k))
      .sort((a, b) => b.length - a.length)[0];
    const data = key === undefined ? [] : routes[key];
    return Promise.resolve(
      new Response(JSON.stringify({ success: true, data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  return calls;
}

/** The API Calls page for a signed-in user on `plan`, with no tab open unless the test opens one. */
export function renderApiPage(
  options: { plan?: TPlanId; environments?: TEnvironment[]; routes?: Record<string, unknown> } = {},
) {
  signInForTest({ id: 'u-1', email: 'ada@example.com' });
  const environments = options.environments ?? [];
  const calls = fakeServer({
    'GET /api/api-client/collections': { collections: [], limit: 200 },
    'GET /api/api-client/history': { entries: [], limit: 200 },
    'GET /api/api-client/environments': {
      environments: environments.map(({ variables: _variables, ...summary }) => summary),
      limit: 100,
    },
    ...Object.fromEntries(
      environments.map((env) => [
        `GET /api/api-client/environments/${env.id}`,
        { environment: env },
      ]),
    ),
    ...options.routes,
  });
  const client = testQueryClient();
  client.setQueryData(SUBSCRIPTION_QUERY_KEY, {
    success: true,
    data: { currentPlan: { id: options.plan ?? 'free' }, credits: 0 },
  });
  return { calls, ...renderWithClient(<ApiPage />, client) };
}

export function resetWorkspace() {
  workspace.reset();
  writeString(apiEnvironmentKey('u-1'), null);
}

/** The text a CodeMirror editor holds, by its accessible name. */
export function editorText(label: string): string {
  const content = document.querySelector<HTMLElement>(`.cm-content[aria-label="${label}"]`);
  const view = content && EditorView.findFromDOM(content);
  if (!view) throw new Error(`No editor named ${label}`);
  // The editor's document, not its rendered lines: jsdom has no layout, so CodeMirror's
  // viewport and measuring line depend on what earlier files left in the shared document.
  return view.state.doc.toString();
}
