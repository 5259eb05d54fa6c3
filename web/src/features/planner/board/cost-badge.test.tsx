import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TDesign } from '@stratum/core/iac/design/schema-v2';
import { PRICE_BOOK_QUERY_KEY } from '../../../lib/api/price-book';
import { testQueryClient } from '../../../test/render-with-client';
import { CostBadge } from './cost-badge';
import { CostTotal } from './cost-total';
import { BoardCostContext, useBoardCosts } from './use-board-costs';

const SEED: unknown = JSON.parse(
  // Tests run from the repository's root.
  readFileSync(path.resolve('pricing-data/price-book.json'), 'utf8'),
);

const design = (instanceType: string): TDesign =>
  ({
    v: 2,
    name: 'shop',
    provider: 'aws',
    region: 'us-east-1',
    environments: [],
    groups: [{ id: 'net', service: 'aws.vpc', name: 'net', properties: {} }],
    components: [
      { id: 'web', service: 'aws.ec2', name: 'web', properties: { instanceType } },
      { id: 'queue', service: 'aws.sqs', name: 'queue', properties: {} },
    ],
    connections: [],
  }) as unknown as TDesign;

let setType: (type: string) => void = () => undefined;

function Board() {
  const [type, setTypeState] = useState('t3.micro');
  setType = setTypeState;
  const costs = useBoardCosts(design(type));
  return (
    <BoardCostContext value={costs.store}>
      <div data-testid="web">
        <CostBadge id="web" />
      </div>
      <div data-testid="net">
        <CostBadge id="net" />
      </div>
      <CostTotal costs={costs} />
    </BoardCostContext>
  );
}

function renderBoard() {
  const client = testQueryClient();
  client.setQueryData(PRICE_BOOK_QUERY_KEY, SEED);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Board />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the board cost badge and running total', () => {
  it('prices a component from the book and follows a change of instance type', async () => {
    renderBoard();
    const web = screen.getByTestId('web');
    // t3.micro: 730 h × $0.0104 = $7.592 → $7.59, plus its 20 GB gp3 root volume at $0.08 = $1.60.
    expect(await screen.findByText('$9.19')).toBeInTheDocument();
    expect(web).toHaveTextContent('Costs about $9.19 a month');
    // A network costs nothing: no badge.
    expect(screen.getByTestId('net')).toBeEmptyDOMElement();
    const link = screen.getByRole('link', { name: /^Estimated \$\d/ });
    expect(link).toHaveAttribute('href', '/costing?design=planner');
    const before = Number(/\$([\d,.]+)/.exec(link.getAttribute('aria-label') ?? '')?.[1]);

    act(() => setType('m7i.large'));
    // m7i.large: 730 h × $0.1008 = $73.584 → $73.58, plus $1.60: $75.18; the total grows by
    // $75.18 − $9.19 = $65.99.
    expect(web).toHaveTextContent('Costs about $75.18 a month');
    const after = Number(/\$([\d,.]+)/.exec(link.getAttribute('aria-label') ?? '')?.[1]);
    expect(Math.round((after - before) * 100) / 100).toBe(65.99);
  });
});
