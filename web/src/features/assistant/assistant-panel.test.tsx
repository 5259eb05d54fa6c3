import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDesignPatch } from '@stratum/core/assistant/patch';
import type { TLlmStatus } from '@stratum/core/contract/llm/status';
import { assistantBridge } from '../../lib/assistant-bridge';
import { renderWithClient, signInForTest, testQueryClient } from '../../test/render-with-client';
import { AssistantPanel } from './assistant-panel';
import { conversation } from './conversation';
import { LLM_STATUS_KEY } from './use-llm-status';

const STATUS: TLlmStatus = {
  configured: true,
  source: 'admin',
  model: 'fake-model',
  ownKey: { hasKey: false, hint: null },
  limitPerHour: 10,
};
const PATCH: TDesignPatch = {
  summary: 'A queue for the jobs.',
  operations: [{ op: 'add_component', id: 'jobs', service: 'aws.sqs', name: 'jobs' }],
};

function renderPanel(status: TLlmStatus) {
  signInForTest({ id: 'u1', email: 'u1@example.com' });
  const client = testQueryClient();
  client.setQueryData(LLM_STATUS_KEY, status);
  return renderWithClient(<AssistantPanel />, client);
}

/** The server: a ticket, then the chat answered as server-sent events. */
function fakeServer(events: unknown[]) {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    if (input.startsWith('/api/llm/stream-tickets')) {
      return Promise.resolve(
        Response.json({ success: true, data: { ticket: 't1', expiresAt: '2026-11-29T12:00:00Z' } }),
      );
    }
    bodies.push(JSON.parse(init?.body as string));
    const text = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
    return Promise.resolve(
      new Response(text, { headers: { 'content-type': 'text/event-stream' } }),
    );
  });
  return bodies;
}

// jsdom lays nothing out, so it has no scrolling.
beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined;
});

afterEach(() => {
  vi.unstubAllGlobals();
  conversation.clear();
  assistantBridge.setDesignHost(null);
});

describe('AssistantPanel', () => {
  it('says plainly that no model is configured and offers the planner and the converter', () => {
    renderPanel({ ...STATUS, configured: false, source: 'none', model: null });
    expect(screen.getByText('No language model is configured.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Design in the planner' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Convert IaC files' })).toBeDefined();
    expect(screen.queryByLabelText('Message to the assistant')).toBeNull();
  });

  it('streams the answer, lists a proposed change, and previews then rejects it only when asked', async () => {
    const bodies = fakeServer([
      { type: 'delta', text: 'I can add ' },
      { type: 'delta', text: 'a queue.' },
      { type: 'patch', patch: PATCH, changes: ['Add SQS queue "jobs" (jobs)'] },
      { type: 'done', model: 'fake-model' },
    ]);
    const host = {
      context: () => ({ projectId: '6f1c2d1e-1111-4111-8111-111111111111' }),
      preview: vi.fn(() => null),
      apply: vi.fn(() => null),
      reject: vi.fn(),
    };
    assistantBridge.setDesignHost(host);
    const user = userEvent.setup();
    renderPanel(STATUS);

    await user.type(screen.getByLabelText('Message to the assistant'), 'Add a queue{Enter}');
    expect(await screen.findByText('I can add a queue.')).toBeDefined();
    expect(bodies[0]).toEqual({
      messages: [{ role: 'user', content: 'Add a queue' }],
      projectId: '6f1c2d1e-1111-4111-8111-111111111111',
    });
    const change = screen.getByRole('region', { name: 'Proposed change' });
    expect(within(change).getByRole('listitem').textContent).toBe('Add SQS queue "jobs" (jobs)');
    // Nothing touched the board yet.
    expect(host.preview).not.toHaveBeenCalled();
    expect(host.apply).not.toHaveBeenCalled();

    await user.click(within(change).getByRole('button', { name: 'Preview on the board' }));
    expect(host.preview).toHaveBeenCalledWith(PATCH);
    expect(within(change).getByRole('status').textContent).toMatch(/Showing on the board/);
    await user.click(within(change).getByRole('button', { name: 'Reject' }));
    expect(host.reject).toHaveBeenCalled();
    expect(host.apply).not.toHaveBeenCalled();
    expect(within(change).getByRole('status').textContent).toMatch(/Rejected/);
  });

  it('after a preview, offers the bar that replaces the panel on narrow screens: apply there, then back to the chat', async () => {
    fakeServer([
      { type: 'patch', patch: PATCH, changes: ['Add SQS queue "jobs" (jobs)'] },
      { type: 'done', model: 'fake-model' },
    ]);
    const host = {
      context: () => ({}),
      preview: vi.fn(() => null),
      apply: vi.fn(() => null),
      reject: vi.fn(),
    };
    assistantBridge.setDesignHost(host);
    const user = userEvent.setup();
    renderPanel(STATUS);
    await user.type(screen.getByLabelText('Message to the assistant'), 'Add a queue{Enter}');
    const change = await screen.findByRole('region', { name: 'Proposed change' });
    expect(screen.queryByRole('region', { name: "Assistant's proposed change" })).toBeNull();

    await user.click(within(change).getByRole('button', { name: 'Preview on the board' }));
    // jsdom applies no media queries: the bar (shown below lg, where the panel is hidden) is there.
    const bar = screen.getByRole('region', { name: "Assistant's proposed change" });
    expect(bar.textContent).toContain('Previewing the proposed change');
    expect(bar.textContent).toContain('Add SQS queue "jobs" (jobs)');
    expect(document.activeElement).toBe(bar);
    await user.click(within(bar).getByRole('button', { name: 'Apply' }));
    expect(host.apply).toHaveBeenCalledWith(PATCH);
    expect(within(bar).getByRole('status').textContent).toMatch(/Applied to the board/);
    expect(within(bar).queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(within(change).getByRole('status').textContent).toMatch(/Applied to the board/);

    await user.click(within(bar).getByRole('button', { name: 'Back to chat' }));
    expect(screen.queryByRole('region', { name: "Assistant's proposed change" })).toBeNull();
  });

  it('shows why the server refused the call', async () => {
    vi.stubGlobal('fetch', (input: string) =>
      Promise.resolve(
        input.startsWith('/api/llm/stream-tickets')
          ? Response.json({
              success: true,
              data: { ticket: 't', expiresAt: '2026-11-29T12:00:00Z' },
            })
          : Response.json(
              {
                success: false,
                code: 'llm/rate_limited',
                message: 'You have used the assistant’s 10 calls for this hour.',
              },
              { status: 429 },
            ),
      ),
    );
    const user = userEvent.setup();
    renderPanel(STATUS);
    await user.type(screen.getByLabelText('Message to the assistant'), 'hello{Enter}');
    expect((await screen.findByRole('alert')).textContent).toMatch(/10 calls for this hour/);
  });

  it('opens with the question about a generated file, and sends that file with each message until removed', async () => {
    const bodies = fakeServer([
      { type: 'delta', text: 'It declares the region.' },
      { type: 'done', model: 'fake-model' },
    ]);
    const projectId = '6f1c2d1e-1111-4111-8111-111111111111';
    const generationId = '7a2d3e4f-2222-4222-8222-222222222222';
    assistantBridge.setDesignHost({
      context: () => ({ projectId }),
      preview: () => null,
      apply: () => null,
      reject: () => undefined,
    });
    assistantBridge.ask({
      prompt: 'Explain what variables.tf does.',
      code: { path: 'variables.tf', generationId, projectId },
    });
    const user = userEvent.setup();
    renderPanel(STATUS);

    const input = screen.getByLabelText('Message to the assistant');
    expect(input).toHaveValue('Explain what variables.tf does.');
    expect(screen.getByText('variables.tf')).toBeDefined();
    // The question waits for the user: nothing is sent until they send it.
    expect(bodies).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('It declares the region.')).toBeDefined();
    expect(bodies[0]).toEqual({
      messages: [{ role: 'user', content: 'Explain what variables.tf does.' }],
      projectId,
      code: { path: 'variables.tf', generationId },
    });

    await user.click(screen.getByRole('button', { name: 'Remove variables.tf from the chat' }));
    await user.type(input, 'And the outputs?{Enter}');
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).not.toHaveProperty('code');
  });

  it('with no model configured, a question from the planner opens the panel that says so', () => {
    assistantBridge.ask({ prompt: 'Explain what main.tf does.', code: { path: 'main.tf' } });
    renderPanel({ ...STATUS, configured: false, source: 'none', model: null });
    expect(screen.getByText('No language model is configured.')).toBeDefined();
    expect(screen.queryByLabelText('Message to the assistant')).toBeNull();
    // Dropped: a model configured later does not find an old question waiting.
    expect(assistantBridge.takeAsk()).toBeNull();
  });
});
