import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApiPage, resetWorkspace } from '../test-helpers';
import { blankRequest, workspace } from './workspace-store';

const RESULT = {
  response: {
    status: 201,
    headers: { 'content-type': 'application/json' },
    body: '{"id":7}',
    bodyEncoding: 'utf8',
    size: 8,
    timings: { dnsMs: 3, connectMs: 10, tlsMs: 20, firstByteMs: 80, totalMs: 95 },
  },
  attempts: [{ status: 201, ms: 95 }],
  tests: [
    { name: 'created', passed: true },
    { name: 'has id', passed: false, error: 'expected 7 to equal 8' },
  ],
  logs: ['hello from the script'],
  scriptErrors: {},
  variables: { set: {}, unset: [] },
  missingVariables: [],
};

describe('sending a request', () => {
  beforeEach(resetWorkspace);
  afterEach(() => vi.unstubAllGlobals());

  it('runs it through the server and shows status, time, tests and console', async () => {
    const user = userEvent.setup();
    workspace.open({ request: blankRequest({ method: 'POST', url: 'https://api.test/items' }) });
    const { calls } = renderApiPage({ routes: { 'POST /api/api-client/run': RESULT } });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('response-status')).toHaveTextContent('201 Created');
    const run = calls.find((c) => c.url === '/api/api-client/run');
    expect(run?.body).toMatchObject({ request: { method: 'POST', url: 'https://api.test/items' } });

    await user.click(screen.getByRole('button', { name: 'Time 95 ms, show the breakdown' }));
    expect(screen.getByRole('row', { name: /TLS handshake/ })).toHaveTextContent('20 ms');
    await user.click(screen.getByRole('tab', { name: 'Tests' }));
    expect(screen.getByText('1 of 2 passed')).toBeVisible();
    expect(screen.getByText('expected 7 to equal 8')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Console' }));
    expect(screen.getByText('hello from the script')).toBeVisible();
  });

  it('cancels a running request by aborting its call', async () => {
    const user = userEvent.setup();
    workspace.open({ request: blankRequest({ url: 'https://slow.test/' }) });
    renderApiPage();
    let signal: AbortSignal | undefined;
    vi.stubGlobal('fetch', (_url: string, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return new Promise((_resolve, reject) =>
        signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      );
    });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(signal?.aborted).toBe(true));
    expect(await screen.findByText('Request cancelled.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send' })).toBeVisible();
  });
});
