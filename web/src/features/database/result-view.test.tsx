import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ResultView } from './result-view';

const ok = {
  isOk: true as const,
  command: 'SELECT',
  columns: [
    { name: 'name', type: 'text' },
    { name: 'note', type: 'text' },
  ],
  rows: [
    ['bolts', null],
    ['nuts', ''],
  ],
  rowCount: 2,
  isTruncated: false,
  isWrite: false,
  durationMs: 4,
};

describe('query result', () => {
  it('shows column types and tells NULL apart from an empty string', () => {
    render(<ResultView result={ok} onRunWithWrites={() => undefined} />);
    const grid = screen.getByRole('table', { name: 'Query result' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['nametext', 'notetext']);
    const [, first, second] = within(grid).getAllByRole('row');
    expect(within(first!).getAllByRole('cell')[1]).toHaveTextContent('NULL');
    expect(within(second!).getAllByRole('cell')[1]).toHaveTextContent(/^$/);
    expect(screen.getByRole('status')).toHaveTextContent('2 rows · 4 ms · read-only');
    expect(screen.queryByText(/Only the first/)).not.toBeInTheDocument();
  });

  it('says when the row cap cut the answer, and what a write changed', () => {
    const { rerender } = render(
      <ResultView
        result={{ ...ok, isTruncated: true, rowCount: 1000 }}
        onRunWithWrites={() => undefined}
      />,
    );
    expect(screen.getByText(/Only the first 1000 rows are shown/)).toBeInTheDocument();
    rerender(
      <ResultView
        result={{ ...ok, command: 'UPDATE', columns: [], rows: [], rowCount: 3, isWrite: true }}
        onRunWithWrites={() => undefined}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'UPDATE: 3 rows affected · 4 ms · committed',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows PostgreSQL's error and offers a write run only for a read-only refusal", async () => {
    const onRunWithWrites = vi.fn();
    const refused = {
      isOk: false as const,
      message: 'cannot execute INSERT in a read-only transaction',
      sqlState: '25006',
      detail: null,
      hint: null,
      position: null,
      needsWrite: true,
      isTimeout: false,
      durationMs: 2,
    };
    const { rerender } = render(<ResultView result={refused} onRunWithWrites={onRunWithWrites} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'PostgreSQL: cannot execute INSERT in a read-only transaction',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Run with write access…' }));
    expect(onRunWithWrites).toHaveBeenCalledOnce();

    rerender(
      <ResultView
        result={{
          ...refused,
          message: 'column "x" does not exist',
          sqlState: '42703',
          position: 8,
          needsWrite: false,
        }}
        onRunWithWrites={onRunWithWrites}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('SQLSTATE 42703 · at character 8');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
