import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, signInForTest } from '../../test/render-with-client';
import { KUBECONFIG_TEXT, KubeconfigForm } from './kubeconfig-form';

const KUBECONFIG = 'apiVersion: v1\nkind: Config\ncontexts: []\n';

/** A server that answers every call with one status and body, and records the requests. */
function serverAnswering(status: number, body: unknown) {
  const calls: { url: string; body: unknown; contentType: string | null }[] = [];
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    calls.push({
      url: input,
      body: init?.body,
      contentType: new Headers(init?.headers).get('content-type'),
    });
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  return calls;
}

describe('KubeconfigForm', () => {
  beforeEach(() => signInForTest({ id: crypto.randomUUID(), email: 'ada@example.com' }));
  afterEach(() => vi.unstubAllGlobals());

  const field = () => screen.getByLabelText('Kubeconfig');

  it('asks for a kubeconfig at the field and sends nothing when it is empty', async () => {
    const calls = serverAnswering(200, {});
    renderWithClient(<KubeconfigForm onAdded={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add clusters' }));
    expect(await screen.findByText(KUBECONFIG_TEXT.empty)).toBeVisible();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s 400 at the field, keeps the text and adds nothing', async () => {
    const message =
      'users[0].user.exec: exec plugins are not accepted; use a token or client certificate data';
    const calls = serverAnswering(400, { success: false, code: 'validation/invalid', message });
    const onAdded = vi.fn();
    renderWithClient(<KubeconfigForm onAdded={onAdded} />);
    await userEvent.click(field());
    await userEvent.paste(KUBECONFIG);
    await userEvent.click(screen.getByRole('button', { name: 'Add clusters' }));

    // The §8 text with the status, then the server's words naming the field.
    expect(await screen.findByText(`Upload failed (400): ${message}`)).toBeVisible();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field()).toHaveValue(KUBECONFIG);
    expect(onAdded).not.toHaveBeenCalled();
    // Sent as the text itself, not as a JSON string.
    expect(calls[0]).toMatchObject({
      url: '/api/k8/clusters/paste-kubeconfig',
      body: KUBECONFIG,
      contentType: 'text/plain; charset=utf-8',
    });

    await userEvent.type(field(), ' ');
    expect(screen.queryByText(`Upload failed (400): ${message}`)).toBeNull();
  });

  it('lists each context added and the server’s warnings, and clears the credentials', async () => {
    serverAnswering(200, {
      success: true,
      data: [
        {
          id: crypto.randomUUID(),
          name: 'prod',
          context: 'prod',
          server: 'https://prod.example.com',
        },
        {
          id: crypto.randomUUID(),
          name: 'lab',
          context: 'lab',
          server: 'http://lab.example.com:8080',
        },
      ],
      warnings: ['Context lab skips TLS verification (insecure-skip-tls-verify)'],
    });
    const onAdded = vi.fn();
    renderWithClient(<KubeconfigForm onAdded={onAdded} />);
    await userEvent.click(field());
    await userEvent.paste(KUBECONFIG);
    await userEvent.click(screen.getByRole('button', { name: 'Add clusters' }));

    expect(await screen.findByText('https://prod.example.com')).toBeVisible();
    expect(screen.getByText('http://lab.example.com:8080')).toBeVisible();
    expect(screen.getByRole('list', { name: 'Warnings' })).toHaveTextContent(
      'Context lab skips TLS verification',
    );
    expect(field()).toHaveValue('');
    expect(onAdded).toHaveBeenCalledTimes(1);
  });

  it('refuses a file over the limit before reading or sending it', async () => {
    const calls = serverAnswering(200, {});
    renderWithClient(<KubeconfigForm onAdded={() => undefined} />);
    const big = new File(['x'.repeat(300 * 1024)], 'config');
    await userEvent.upload(screen.getByLabelText('Kubeconfig file'), big);
    expect(await screen.findByText(KUBECONFIG_TEXT.tooLarge)).toBeVisible();
    expect(field()).toHaveValue('');
    expect(calls).toHaveLength(0);
  });
});
