import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, signInForTest, testQueryClient } from '../../test/render-with-client';
import { GenerateDesignDialog } from './generate-design-dialog';

const STATUS = {
  configured: true,
  source: 'admin' as const,
  model: 'fake-model',
  ownKey: { hasKey: false, hint: null },
  limitPerHour: 10,
};
const DESIGN = {
  v: 2,
  name: 'queue-app',
  provider: 'aws',
  region: 'us-east-1',
  components: [{ id: 'jobs', service: 'aws.sqs', name: 'jobs', properties: {} }],
};

function renderDialog(configured: boolean, answer: unknown, status = 200) {
  signInForTest({ id: 'u1', email: 'u1@example.com' });
  const client = testQueryClient();
  client.setQueryData(['llm', 'status'], { ...STATUS, configured });
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', (_url: string, init?: RequestInit) => {
    sent.push(JSON.parse(init?.body as string));
    return Promise.resolve(Response.json(answer, { status }));
  });
  const onDesign = vi.fn();
  renderWithClient(
    <GenerateDesignDialog cloud="aws" onClose={() => undefined} onDesign={onDesign} />,
    client,
  );
  return { onDesign, sent };
}

afterEach(() => vi.unstubAllGlobals());

describe('GenerateDesignDialog', () => {
  it('with no model, says so and points at what works without one', () => {
    renderDialog(false, {});
    expect(screen.getByText('No language model is configured.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
  });

  it('opens the design only when it validates', async () => {
    const { onDesign, sent } = renderDialog(true, {
      success: true,
      result: { files: [], design: DESIGN },
      message: 'The design validates.',
      model: 'fake-model',
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Describe the architecture'), 'A queue for jobs');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await vi.waitFor(() => expect(onDesign).toHaveBeenCalledWith(DESIGN));
    expect(sent[0]).toEqual({ prompt: 'A queue for jobs', task: 'design', provider: 'aws' });
  });

  it("shows why the model's design was refused, and opens nothing", async () => {
    const { onDesign } = renderDialog(
      true,
      {
        success: false,
        code: 'llm/invalid_answer',
        message: "The model's design does not validate, so it was not opened.",
        issues: [{ path: 'components[0].service', message: 'unknown service aws.teleporter' }],
        result: { files: [{ path: 'ERROR.md', content: '…' }] },
      },
      502,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Describe the architecture'), 'Teleport my data');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/does not validate/);
    expect(alert.textContent).toMatch(/components\[0\]\.service: unknown service aws\.teleporter/);
    expect(onDesign).not.toHaveBeenCalled();
  });
});
