import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiEnvironmentKey, writeString } from '../../../lib/storage';
import { renderApiPage, resetWorkspace } from '../test-helpers';

const ENV = {
  id: 'env-1',
  name: 'Staging',
  variableCount: 2,
  revision: 4,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  variables: [
    { key: 'host', value: 'staging.example.com', secret: false, enabled: true, hasValue: true },
    { key: 'token', value: '', secret: true, enabled: true, hasValue: true },
  ],
};

describe('environments', () => {
  beforeEach(resetWorkspace);
  afterEach(() => vi.unstubAllGlobals());

  it('masks a secret until it is revealed, and saving does not send it back', async () => {
    const user = userEvent.setup();
    const { calls } = renderApiPage({
      environments: [ENV],
      routes: {
        'POST /api/api-client/environments/env-1/reveal': { key: 'token', value: 's3cret' },
      },
    });
    await user.click(screen.getAllByRole('tab', { name: 'Environments' })[0]!);
    const secret = await screen.findByLabelText('Variable 2 value');
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveValue('');
    expect(screen.getByLabelText('Variable 1 value')).toHaveValue('staging.example.com');
    expect(calls.some((c) => c.url.endsWith('/reveal'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Show Variable 2 value' }));
    expect(secret).toHaveAttribute('type', 'text');
    expect(secret).toHaveValue('s3cret');
    expect(calls.find((c) => c.url.endsWith('/reveal'))?.body).toEqual({ key: 'token' });

    await user.click(screen.getByRole('button', { name: 'Hide Variable 2 value' }));
    expect(secret).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Save environment' }));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/api-client/environments/env-1');
    expect(put?.body).toEqual({
      revision: 4,
      name: 'Staging',
      variables: [
        { key: 'host', value: 'staging.example.com', secret: false, enabled: true },
        { key: 'token', value: null, secret: true, enabled: true },
      ],
    });
  });

  it('marks {{variables}} in the URL as resolved, secret or missing', async () => {
    const user = userEvent.setup();
    writeString(apiEnvironmentKey('u-1'), 'env-1');
    renderApiPage({ environments: [ENV] });
    await user.click(screen.getAllByRole('button', { name: 'New request' })[0]!);
    const url = screen.getByRole('textbox', { name: 'Request URL' });
    await user.click(url);
    await user.paste('https://{{host}}/a?t={{token}}&x={{nope}}');
    const summary = document.getElementById(url.getAttribute('aria-describedby') ?? '');
    expect(summary).toHaveTextContent('{{host}}= staging.example.com (Staging)');
    expect(summary).toHaveTextContent('{{token}}secret (Staging)');
    expect(summary).toHaveTextContent('{{nope}}missing');
    expect(summary).not.toHaveTextContent('s3cret');
  });
});
