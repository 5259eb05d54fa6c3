import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCheck } from '@stratum/core/contract/monitoring/check';
import { installLayoutShims } from '../../test/layout-shims';
import { renderWithClient, signInForTest, testQueryClient } from '../../test/render-with-client';
import { monitoringKeys } from './api/monitoring';
import { CheckDetail } from './check-detail';

const CHECK: TCheck = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Shop',
  target: { kind: 'tcp', host: 'shop.example.com', port: 443 },
  intervalSeconds: 60,
  timeoutSeconds: 10,
  retries: 1,
  isPaused: false,
  notifyEmail: false,
  webhookUrl: null,
  hasWebhookSecret: false,
  state: 'up',
  stateChangedAt: null,
  lastCheckedAt: null,
  lastLatencyMs: null,
  lastStatusCode: null,
  lastError: null,
  nextRunAt: null,
  uptime: { h24: 99.5, d7: null, d30: null },
  isInMaintenance: false,
  createdAt: '2026-12-01T00:00:00.000Z',
};

beforeEach(() => {
  installLayoutShims();
  signInForTest({ id: 'u1', email: 'a@example.com' });
});
afterEach(() => vi.unstubAllGlobals());

describe('CheckDetail', () => {
  it('labels the figures with the range of the results shown while another range loads', async () => {
    const client = testQueryClient();
    client.setQueryData(monitoringKeys.results(CHECK.id, '24h'), {
      range: '24h' as const,
      points: [],
      uptime: 99.5,
      latency: { p50: null, p95: null, p99: null },
    });
    client.setQueryData(monitoringKeys.incidents(CHECK.id), []);
    // The 1-hour results never come: the 24-hour figures stay on screen meanwhile.
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    renderWithClient(<CheckDetail check={CHECK} onEdit={() => {}} onDeleted={() => {}} />, client);
    expect(screen.getByText('Uptime (24 hours)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '1 hour' }));
    expect(screen.getByRole('tab', { name: '1 hour' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Uptime (24 hours)')).toBeInTheDocument();
    expect(screen.getByText('No run in the last 24 hours yet.')).toBeInTheDocument();
    expect(screen.queryByText('Uptime (1 hour)')).not.toBeInTheDocument();
  });
});
