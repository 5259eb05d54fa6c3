import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPlanId } from '@stratum/core/contract/common';
import { SUBSCRIPTION_QUERY_KEY } from '../../lib/api/subscription';
import { renderWithClient, signInForTest, testQueryClient } from '../../test/render-with-client';
import { CostingPage } from './costing-page';
import { COMPARISON, DESIGN, DESIGN_ESTIMATE } from './test-fixtures';
import type { TEstimateInput } from '@stratum/core/contract/costing/estimate';

interface TCall {
  method: string;
  url: string;
  body: unknown;
}

/** The server's costing routes: the estimate follows the usage it is sent (storage at $0.023/GB). */
function costingServer(overrides: Record<string, (body: unknown) => [number, unknown]> = {}) {
  const calls: TCall[] = [];
  vi.stubGlobal('fetch', (input: string | URL, init?: RequestInit) => {
    const url = input.toString();
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body });
    const route = `${method} ${url}`;
    const answer = (status: number, payload: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(payload), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    const override = overrides[route];
    if (override) {
      const [status, payload] = override(body);
      return answer(status, payload);
    }
    if (route === 'GET /api/projects')
      return answer(200, {
        success: true,
        data: { projects: [], usage: { count: 0, limit: 3, remaining: 3 } },
      });
    if (route === 'POST /api/costing/estimate') {
      const gb = (body as TEstimateInput).usage?.assets?.storageGb ?? 100;
      // 100 GB × $0.023 = $2.30 by default; each GB more adds $0.023.
      const storage = Math.round(gb * 0.023 * 100) / 100;
      const total = Math.round((77.98 - 2.3 + storage) * 100) / 100;
      return answer(200, {
        success: true,
        data: {
          ...DESIGN_ESTIMATE,
          monthlyTotal: total,
          assumptions: [{ ...DESIGN_ESTIMATE.assumptions[0], value: gb }],
        },
      });
    }
    if (route === 'POST /api/costing/compare')
      return answer(200, { success: true, data: COMPARISON });
    return answer(404, { success: false, code: 'http/not_found', message: `No route ${route}` });
  });
  return calls;
}

function renderPage(plan: TPlanId = 'free', open: boolean = true) {
  signInForTest({ id: 'u-1', email: 'ada@example.com' });
  const client = testQueryClient();
  client.setQueryData(SUBSCRIPTION_QUERY_KEY, {
    success: true,
    data: { currentPlan: { id: plan }, credits: 0 },
  });
  return renderWithClient(
    <CostingPage
      openDesign={() => (open ? { design: DESIGN, name: 'Shop', projectId: null } : null)}
    />,
    client,
  );
}

const total = () => screen.getByRole('status', { name: 'Monthly total' });

describe('CostingPage', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/costing');
    window.localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('prices the open design: total, breakdown tables, lines, what is not priced and why', async () => {
    costingServer();
    renderPage();
    await waitFor(() => expect(total()).toHaveTextContent('$77.98'));
    expect(screen.getByText(/AWS · us-east-1 · 4 priced lines · 1 not priced/)).toBeInTheDocument();
    // The chart's table equivalent: EC2 is $73.58 + $1.60 = $75.18 of $77.98, 96 %.
    const byService = screen.getByRole('table', { name: 'By service: monthly cost' });
    expect(within(byService).getAllByRole('row')[1]).toHaveTextContent(/\$75\.18\s*96%/);
    const byEnvironment = screen.getByRole('table', { name: 'By environment: monthly cost' });
    expect(within(byEnvironment).getByRole('row', { name: /prod/ })).toHaveTextContent('$151.56');
    expect(screen.getByText('CloudFront has no list price in the price book')).toBeInTheDocument();
    // The seed's 2024 prices are older than 180 days.
    expect(screen.getByText(/List prices as of 2024-07-01 to 2026-07-20/)).toBeInTheDocument();
    expect(screen.getAllByText(/Stale: older than 180 days/).length).toBeGreaterThan(0);
  });

  it('prices again with an edited usage assumption', async () => {
    const calls = costingServer();
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(total()).toHaveTextContent('$77.98'));
    const field = screen.getByRole('textbox', { name: 'Data stored (GB) for assets' });
    await user.clear(field);
    await user.type(field, '1,000{Enter}');
    // 1,000 GB × $0.023 = $23.00 instead of $2.30: $77.98 − $2.30 + $23.00 = $98.68.
    await waitFor(() => expect(total()).toHaveTextContent('$98.68'));
    const last = calls.filter((c) => c.url === '/api/costing/estimate').at(-1);
    expect((last?.body as TEstimateInput).usage).toEqual({ assets: { storageGb: 1000 } });
    await user.click(
      screen.getByRole('button', { name: 'Reset Data stored for assets to its default' }),
    );
    await waitFor(() => expect(total()).toHaveTextContent('$77.98'));
  });

  it('keeps the usage and environment set for a design when the page is opened again', async () => {
    costingServer();
    const user = userEvent.setup();
    const first = renderPage();
    await waitFor(() => expect(total()).toHaveTextContent('$77.98'));
    const field = screen.getByRole('textbox', { name: 'Data stored (GB) for assets' });
    await user.clear(field);
    await user.type(field, '1,000{Enter}');
    await waitFor(() => expect(total()).toHaveTextContent('$98.68'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Environment' }), 'prod');
    first.unmount();

    renderPage();
    await waitFor(() => expect(total()).toHaveTextContent('$98.68'));
    expect(screen.getByRole('combobox', { name: 'Environment' })).toHaveValue('prod');
    // History prices each generation as it was: no environment to choose there.
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(screen.queryByRole('combobox', { name: 'Environment' })).not.toBeInTheDocument();
  });

  it('refuses a usage value that is not a number, with a message', async () => {
    costingServer();
    const user = userEvent.setup();
    renderPage();
    const field = await screen.findByRole('textbox', { name: 'Data stored (GB) for assets' });
    await user.clear(field);
    await user.type(field, 'lots{Enter}');
    expect(screen.getByText('Enter a number of 0 or more.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's message when the design cannot be priced", async () => {
    costingServer({
      'POST /api/costing/estimate': () => [
        400,
        { success: false, code: 'costing/invalid_design', message: 'The design is not valid.' },
      ],
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The design is not valid.');
  });

  it('compares the three clouds side by side, OCI unpriced with its reason', async () => {
    costingServer();
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Three clouds' }));
    const table = await screen.findByRole('table', {
      name: 'Monthly cost on each cloud, by component',
    });
    const totals = within(table).getByRole('row', { name: /Total per month/ });
    expect(totals).toHaveTextContent('$77.98');
    expect(totals).toHaveTextContent('$70.08');
    expect(totals).toHaveTextContent('$70.90');
    expect(totals).toHaveTextContent('OCI has no dated list prices in the price book');
    // Azure is the lowest of the three.
    expect(within(totals).getByText('lowest').closest('td')).toHaveTextContent('$70.08');
    const unmapped = screen.getByRole('region', { name: 'Could not be mapped (3)' });
    expect(unmapped).toHaveTextContent(
      'cdn on Azure: No Azure equivalent of CloudFront in the catalog',
    );
  });

  it('prices an uploaded plan and shows the difference; a file that is not JSON is refused', async () => {
    const calls = costingServer({
      'POST /api/costing/plan': () => [
        200,
        {
          success: true,
          data: {
            currency: 'USD',
            kind: 'plan',
            formatVersion: '1.2',
            terraformVersion: '1.9.0',
            monthlyBefore: 7.59,
            monthlyAfter: 73.58,
            monthlyDelta: 65.99,
            resources: [
              {
                address: 'aws_instance.web',
                type: 'aws_instance',
                cloud: 'aws',
                region: 'us-east-1',
                action: 'update',
                monthlyBefore: 7.59,
                monthlyAfter: 73.58,
                lines: [],
              },
            ],
            unpriced: [],
            assumptions: [],
            book: { version: 'seed-2026-07-30' },
          },
        },
      ],
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Terraform plan' }));
    const input = screen.getByLabelText('Choose a plan or state (JSON)');
    fireEvent.change(input, {
      target: { files: [new File(['{"format_version":"1.2"}'], 'plan.json')] },
    });
    const difference = await screen.findByText('Difference per month');
    expect(difference.nextElementSibling).toHaveTextContent('+$65.99');
    expect(screen.getByRole('table', { name: 'Resources of the plan' })).toHaveTextContent(
      /aws_instance\.web\s*update\s*aws · us-east-1\s*\$7\.59\s*\$73\.58\s*\+\$65\.99/,
    );
    expect(calls.find((c) => c.url === '/api/costing/plan')?.body).toEqual({
      plan: { format_version: '1.2' },
    });
    fireEvent.change(input, { target: { files: [new File(['not json'], 'broken.json')] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(/broken\.json is not JSON/);
  });

  it('offers the cost history to Enterprise only, and says so below it', async () => {
    costingServer();
    const user = userEvent.setup();
    renderPage('ultra-pro');
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(screen.getByRole('note')).toHaveTextContent(/part of the Enterprise plan/);
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });

  it("draws an Enterprise project's cost at each generation and the forecast, with tables", async () => {
    const project = {
      id: 'p-1',
      name: 'Shop',
      description: '',
      provider: 'aws',
      currentStep: 6,
      componentCount: 3,
      revision: 4,
      createdAt: '2026-10-01T00:00:00.000Z',
      updatedAt: '2026-11-20T00:00:00.000Z',
      lastGeneratedAt: '2026-11-20T00:00:00.000Z',
    };
    const point = (id: string, at: string, monthlyTotal: number | null, reason: string | null) => ({
      generationId: id,
      generatedAt: at,
      format: 'terraform',
      revision: 1,
      cloud: monthlyTotal === null ? null : 'aws',
      region: monthlyTotal === null ? null : 'us-east-1',
      monthlyTotal,
      unpricedCount: 0,
      reason,
    });
    costingServer({
      'GET /api/projects': () => [
        200,
        {
          success: true,
          data: { projects: [project], usage: { count: 1, limit: -1, remaining: null } },
        },
      ],
      'GET /api/projects/p-1': () => [
        200,
        { success: true, data: { project: { ...project, state: { v: 2 } } } },
      ],
      'GET /api/costing/history/p-1': () => [
        200,
        {
          success: true,
          data: {
            projectId: 'p-1',
            projectName: 'Shop',
            currency: 'USD',
            book: { version: 'seed-2026-07-30' },
            current: { revision: 4, monthlyTotal: 77.98, unpricedCount: 1 },
            generations: [
              point(
                'g1',
                '2026-10-02T10:00:00.000Z',
                null,
                'The design of this generation is no longer kept.',
              ),
              point('g2', '2026-10-15T10:00:00.000Z', 9.19, null),
              point('g3', '2026-11-20T10:00:00.000Z', 77.98, null),
            ],
            forecast: {
              method: 'Straight line (least squares) through the last 2 days.',
              basedOn: 2,
              slopePerMonth: 57.77,
              points: [{ month: '2026-12', monthlyTotal: 120.5 }],
            },
          },
        },
      ],
    });
    const user = userEvent.setup();
    renderPage('enterprise', false);
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('2 of 3')).toBeInTheDocument();
    expect(screen.getByText('+$57.77')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Monthly cost at each generation' });
    expect(table).toHaveTextContent('The design of this generation is no longer kept.');
    expect(table).toHaveTextContent('$9.19');
    expect(screen.getByRole('table', { name: 'Forecast monthly cost' })).toHaveTextContent(
      /2026-12\s*\$120\.50/,
    );
  });
});
