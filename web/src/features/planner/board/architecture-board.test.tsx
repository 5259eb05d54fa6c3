import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { servicesOf } from '@stratum/core/iac/catalog/registry';
import { ZArchitectureConfig, type TArchitectureConfig } from '@stratum/core/planner/state';
import { QueryClientProvider } from '@tanstack/react-query';
import { installLayoutShims } from '../../../test/layout-shims';
import { testQueryClient } from '../../../test/render-with-client';
import { ArchitectureBoard } from './architecture-board';
import { LISTENER } from './resource-form/test-fixtures';

beforeEach(installLayoutShims);

const PALETTE = servicesOf('aws').filter((s) =>
  ['aws.vpc', 'aws.subnet', 'aws.ec2', 'aws.s3'].includes(s.id),
);

/** The board as the planner holds it: the architecture with an undo history. */
function Harness({ initial }: { initial: TArchitectureConfig }) {
  const [history, setHistory] = useState({
    past: [] as TArchitectureConfig[],
    now: initial,
    future: [] as TArchitectureConfig[],
  });
  const arch = history.now;
  const [client] = useState(testQueryClient);
  return (
    <QueryClientProvider client={client}>
      <div style={{ width: '1200px', height: '800px' }}>
        <ArchitectureBoard
          architecture={arch}
          design={{
            v: 2,
            name: arch.name,
            provider: 'aws',
            region: 'us-east-1',
            groups: arch.groups,
            components: arch.components,
            connections: arch.connections,
          }}
          regions={['us-east-1']}
          services={PALETTE}
          canUndo={history.past.length > 0}
          canRedo={history.future.length > 0}
          onChange={(next, record) =>
            setHistory((h) => ({
              past: record ? [...h.past, h.now] : h.past,
              now: next,
              future: record ? [] : h.future,
            }))
          }
          onUndo={() =>
            setHistory((h) =>
              h.past.length === 0
                ? h
                : { past: h.past.slice(0, -1), now: h.past.at(-1)!, future: [h.now, ...h.future] },
            )
          }
          onRedo={() =>
            setHistory((h) =>
              h.future.length === 0
                ? h
                : { past: [...h.past, h.now], now: h.future[0]!, future: h.future.slice(1) },
            )
          }
        />
      </div>
    </QueryClientProvider>
  );
}

const EMPTY = ZArchitectureConfig.parse({});
const board = () => screen.getByRole('region', { name: 'Architecture board' });
const nodeNamed = (name: RegExp) =>
  within(board()).queryByRole('group', { name }) ?? within(board()).queryByRole('button', { name });

describe('ArchitectureBoard', { timeout: 30_000 }, () => {
  it('shows a component added from the palette, with its properties', async () => {
    const user = userEvent.setup();
    render(<Harness initial={EMPTY} />);
    expect(screen.getByText('Valid')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add EC2 instance' }));
    await waitFor(() =>
      expect(board().querySelector('.react-flow__node[data-id="vm"]')).not.toBeNull(),
    );
    expect(screen.getByRole('complementary', { name: 'Properties' })).toHaveTextContent(
      'EC2 instance',
    );
  });

  it('brings a node removed with Delete back with Ctrl+Z, and removes it again with Ctrl+Shift+Z', async () => {
    const user = userEvent.setup();
    render(<Harness initial={EMPTY} />);
    await user.click(screen.getByRole('button', { name: 'Add S3 bucket' }));
    const node = () => board().querySelector('.react-flow__node[data-id="object-storage"]');
    await waitFor(() => expect(node()).not.toBeNull());
    // A click selects (a mouse-down would start d3's drag, which needs a real window).
    fireEvent.click(node() as HTMLElement);
    await user.keyboard('{Delete}');
    await waitFor(() => expect(node()).toBeNull());
    // Whether the focus stayed on the canvas or fell to the page, the shortcut reaches the board.
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(node()).not.toBeNull());
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await waitFor(() => expect(node()).toBeNull());
    await user.keyboard('{Meta>}z{/Meta}');
    await waitFor(() => expect(node()).not.toBeNull());
  });

  it('opens the list of problems from the count, naming each component; choosing one selects it', async () => {
    const user = userEvent.setup();
    const initial = ZArchitectureConfig.parse({
      groups: [
        { id: 'network', service: 'aws.vpc', name: 'main', properties: { cidr: '10.0.0.0/16' } },
        {
          id: 'subnet',
          service: 'aws.subnet',
          name: 'public',
          parent: 'network',
          properties: { cidr: '192.168.0.0/24' },
        },
      ],
      positions: {
        network: { x: 0, y: 0, width: 720, height: 420 },
        subnet: { x: 16, y: 48, width: 300, height: 190 },
      },
    });
    render(<Harness initial={initial} />);
    const count = await screen.findByRole('button', { name: /1 error: show the list/ });
    await user.click(count);
    const item = await screen.findByRole('menuitem', { name: /public \(Subnet\)/ });
    expect(item).toHaveTextContent('subnet 192.168.0.0/24 is outside network 10.0.0.0/16');
    await user.click(item);
    await waitFor(() =>
      expect(screen.getByRole('complementary', { name: 'Properties' })).toHaveTextContent(
        'id subnet · in network',
      ),
    );
    expect(nodeNamed(/public/)).not.toBeNull();
  });

  it('shows a reachability warning on the component it concerns, in the list and its properties', async () => {
    const user = userEvent.setup();
    const initial = ZArchitectureConfig.parse({
      groups: [
        { id: 'network', service: 'aws.vpc', name: 'main', properties: { cidr: '10.0.0.0/16' } },
        {
          id: 'app',
          service: 'aws.subnet',
          name: 'app',
          parent: 'network',
          properties: { cidr: '10.0.1.0/24' },
        },
      ],
      components: [{ id: 'api', service: 'aws.ec2', name: 'api', group: 'app' }],
      positions: {
        network: { x: 0, y: 0, width: 720, height: 420 },
        app: { x: 16, y: 48, width: 300, height: 190 },
        api: { x: 40, y: 90 },
      },
    });
    render(<Harness initial={initial} />);
    // A warning is not "Valid" with nothing more: the count says there is something to add.
    const count = await screen.findByRole('button', { name: /Valid · 1 warning: show the list/ });
    await user.click(count);
    const item = await screen.findByRole('menuitem', { name: /api \(EC2 instance\)/ });
    expect(item).toHaveTextContent(
      'add a NAT gateway to network “main”: “api” (EC2 instance) in private subnet “app” cannot reach package repositories',
    );
    await user.click(item);
    const panel = screen.getByRole('complementary', { name: 'Properties' });
    await waitFor(() =>
      expect(within(panel).getByRole('list', { name: 'Problems' })).toHaveTextContent(
        'warning: add a NAT gateway to network “main”',
      ),
    );
  });

  describe('the generic component', () => {
    // Only fetch is restored: the layout shims stay for the tests after these.
    afterEach(() => vi.restoreAllMocks());

    /** The server's two endpoints, answering from fixtures and recording the searches. */
    function stubServer() {
      const searches: string[] = [];
      vi.spyOn(globalThis, 'fetch').mockImplementation((input: string | URL | Request) => {
        const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
        const json = (body: unknown) =>
          Promise.resolve(
            new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
          );
        if (url.pathname === '/api/iac/resource-types') {
          const q = url.searchParams.get('q') ?? '';
          searches.push(q);
          const types = ['aws_lb', 'aws_lb_listener', 'aws_sqs_queue'].filter((t) => t.includes(q));
          return json({
            success: true,
            data: types.map((type) => ({ provider: 'aws', type, providerVersion: '6.19.0' })),
          });
        }
        if (url.pathname === '/api/iac/resource-types/aws/aws_lb_listener')
          return json({ success: true, data: LISTENER });
        return Promise.reject(new TypeError(`unexpected ${url.pathname}`));
      });
      return { searches };
    }

    it('puts a searched type on the board, names it under the node and lists its missing arguments', async () => {
      const user = userEvent.setup();
      const server = stubServer();
      render(<Harness initial={EMPTY} />);
      await user.click(screen.getByRole('button', { name: 'Add Any AWS resource type' }));
      // The picker is its own chunk: the first use loads it.
      const search = await screen.findByRole(
        'combobox',
        { name: 'Search resource types' },
        { timeout: 5000 },
      );
      await user.type(search, 'listener');
      await screen.findByRole('option', { name: /aws_lb_listener/ });
      await waitFor(() =>
        expect(screen.queryByRole('option', { name: /aws_sqs_queue/ })).toBeNull(),
      );
      // Debounced: the server is asked for what was typed, not for every keystroke.
      expect(server.searches).not.toContain('list');
      expect(server.searches).toContain('listener');
      await user.keyboard('{Enter}');
      const node = await waitFor(() => {
        const found = board().querySelector('.react-flow__node[data-id="lb-listener"]');
        expect(found).not.toBeNull();
        return found as HTMLElement;
      });
      expect(node).toHaveAttribute('aria-label', 'lb-listener, aws_lb_listener');
      const panel = screen.getByRole('complementary', { name: 'Properties' });
      expect(
        await within(panel).findByRole('textbox', { name: 'load_balancer_arn' }),
      ).toBeInTheDocument();
      await waitFor(() =>
        expect(panel).toHaveTextContent('The required argument load_balancer_arn is not set.'),
      );
      await user.type(within(panel).getByRole('textbox', { name: 'load_balancer_arn' }), 'arn:x');
      await waitFor(() =>
        expect(panel).not.toHaveTextContent('The required argument load_balancer_arn is not set.'),
      );
    });
  });
});
