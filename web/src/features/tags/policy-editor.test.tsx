import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerEveryCall, renderWithClient } from '../../test/render-with-client';
import { PolicyEditor } from './policy-editor';

afterEach(() => vi.unstubAllGlobals());

describe('PolicyEditor', () => {
  it('says what is wrong as it is typed, and sends nothing until it is right', async () => {
    const { calls, fetchMock } = answerEveryCall({ success: true, data: {} });
    vi.stubGlobal('fetch', fetchMock);
    const onDone = vi.fn();
    renderWithClient(<PolicyEditor policy={null} canManageOrg={false} onDone={onDone} />);
    await userEvent.type(screen.getByLabelText('Policy name'), 'Cost allocation');
    await userEvent.type(screen.getByLabelText('Rule 1 key'), 'cost-center');
    await userEvent.type(screen.getByLabelText('Pattern'), '[[a-');
    expect(
      screen.getByText('Rule 1: The pattern is not a valid regular expression.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a rule' }));
    await userEvent.type(screen.getByLabelText('Rule 2 key'), 'cost-center');
    expect(screen.getByText('Each key appears in one rule only.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save the policy' }));
    expect(calls).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove rule 2' }));
    await userEvent.clear(screen.getByLabelText('Pattern'));
    await userEvent.type(screen.getByLabelText('Allowed values'), 'finance, platform');
    expect(screen.queryByRole('list', { name: 'Problems with the policy' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save the policy' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: {
        name: 'Cost allocation',
        cloud: 'any',
        enforcement: 'block',
        rules: [{ key: 'cost-center', allowedValues: ['finance', 'platform'], pattern: null }],
      },
    });
    expect(calls[0]?.url).toMatch(/\/api\/tags\/policies$/);
  });
});
