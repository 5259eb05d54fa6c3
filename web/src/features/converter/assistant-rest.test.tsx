import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TConvertData } from '@stratum/core/contract/converter/convert';
import { renderWithClient, signInForTest } from '../../test/render-with-client';
import type { TAssistantAnswer } from './api/assistant';
import { AssistantRest } from './assistant-rest';

const RESULT: TConvertData = {
  files: [
    {
      path: 'main.bicep',
      content: "resource vnet 'Microsoft.Network/virtualNetworks@2023-05-01' = {}",
    },
  ],
  warnings: [],
  unconverted: [
    {
      file: 'main.tf',
      line: 7,
      kind: 'data',
      name: 'data.azurerm_client_config.current',
      reason: 'a data source has no component',
      text: 'data "azurerm_client_config" "current" {}',
    },
  ],
  validation: [],
};

const status = (configured: boolean) => ({
  success: true,
  data: {
    configured,
    source: configured ? 'admin' : 'none',
    model: configured ? 'llama3.1' : null,
    ownKey: { hasKey: false, hint: null },
    limitPerHour: 20,
  },
});

/** Answers each endpoint by its path and records what the page sent. */
function serve(answers: Record<string, unknown>) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', (input: string | URL, init?: RequestInit) => {
    const path = new URL(input.toString(), 'http://x').pathname;
    calls.push({ path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    return Promise.resolve(
      new Response(JSON.stringify(answers[path]), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  return calls;
}

function Harness() {
  const [answer, setAnswer] = useState<TAssistantAnswer | null>(null);
  return (
    <AssistantRest
      result={RESULT}
      from="terraform"
      to="bicep"
      answer={answer}
      onAnswer={setAnswer}
    />
  );
}

describe('AssistantRest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says plainly that no model is configured, and offers no button', async () => {
    signInForTest({ id: crypto.randomUUID(), email: 'ada@example.com' });
    serve({ '/api/llm/status': status(false) });
    renderWithClient(<Harness />);
    expect(await screen.findByText(/No language model is configured on this server/)).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Convert the rest with the assistant' }),
    ).toBeNull();
  });

  it('sends only the pieces left out, and marks the answer unvalidated when the validators object', async () => {
    signInForTest({ id: crypto.randomUUID(), email: 'ada@example.com' });
    const calls = serve({
      '/api/llm/status': status(true),
      '/api/llm/generate': {
        success: true,
        message: 'ok',
        model: 'llama3.1',
        result: { files: [{ path: 'client.bicep', content: 'var tenant = tenant().tenantId' }] },
      },
      '/api/converter/validate': {
        success: true,
        data: { validation: [{ file: 'client.bicep', line: 1, message: 'unbalanced brackets' }] },
      },
    });
    renderWithClient(<Harness />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Convert the rest with the assistant' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      "The assistant's answer is unvalidated: 1 problem",
    );
    const generate = calls.find((c) => c.path === '/api/llm/generate')!.body as { prompt: string };
    expect(generate.prompt).toContain('data "azurerm_client_config" "current" {}');
    expect(generate.prompt).toContain('main.tf:7');
    // The converted output is not sent: only what the converter left out.
    expect(generate.prompt).not.toContain('Microsoft.Network/virtualNetworks');
    expect(calls.find((c) => c.path === '/api/converter/validate')!.body).toEqual({
      files: { 'client.bicep': 'var tenant = tenant().tenantId' },
    });
  });
});
