import { createServer, type Server } from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAccount, ensureAccount, useStoredSession } from '../support/accounts';
import { createProject } from '../support/planner';
import { E2E_LLM_PORT, E2E_OWNER_EMAIL } from '../support/env';
import { captureWidths } from '../support/screens';

/**
 * The assistant against a local OpenAI-compatible model on the port the journeys' EGRESS_ALLOW
 * opens, connected by the owner through the admin API: chat → a proposed change → applied on
 * the planner's board. Before it is connected, the panel says there is no model.
 */
const PATCH = {
  summary: 'A queue for the background jobs.',
  operations: [{ op: 'add_component', id: 'jobs', service: 'aws.sqs', name: 'jobs' }],
};
let model: Server;
/** The system message of the last chat the model received (the context Stratum sent it). */
let lastSystem = '';

const sse = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'c1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'fake-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

test.beforeAll(async () => {
  model = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as { messages: { role: string; content: string }[] };
      lastSystem = body.messages[0]?.content ?? '';
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (body.messages.at(-1)?.content.startsWith('Explain')) {
        res.write(sse({ role: 'assistant', content: 'This file creates the queue.' }));
        res.write(sse({}, 'stop'));
        res.end('data: [DONE]\n\n');
        return;
      }
      res.write(sse({ role: 'assistant', content: 'I can add an SQS queue named jobs. ' }));
      res.write(sse({ content: 'Preview it on the board, then apply or reject it.' }));
      const args = JSON.stringify(PATCH);
      res.write(
        sse({
          tool_calls: [
            {
              index: 0,
              id: 'call_1',
              type: 'function',
              function: { name: 'propose_design_patch', arguments: args },
            },
          ],
        }),
      );
      res.write(sse({}, 'tool_calls'));
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => model.listen(E2E_LLM_PORT, '127.0.0.1', resolve));
});

async function connectModel(request: APIRequestContext, baseUrl: string, name: string) {
  const owner = await ensureAccount(request, E2E_OWNER_EMAIL);
  const saved = await request.put('/api/admin/llm', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      baseUrl,
      model: name,
      ...(baseUrl && { apiKey: 'sk-e2e-fake-key-123456' }),
      clearKey: !baseUrl,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

test.afterAll(async ({ request }) => {
  // The instance goes back to having no model, as the other journeys expect.
  await connectModel(request, '', '');
  await new Promise((resolve) => model.close(resolve));
});

test('assistant: no model says so; with one, a chat proposes a change that is applied on the board', async ({
  page,
  request,
}) => {
  const { token } = await createAccount(request);
  await useStoredSession(page, token);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/planner');
  await page.getByRole('button', { name: 'Dismiss' }).click();

  // With no model connected: said plainly, and the deterministic paths offered.
  await page.getByRole('button', { name: 'Assistant', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Assistant' });
  await expect(panel.getByText('No language model is configured.')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Convert IaC files' })).toBeVisible();
  await panel.getByRole('button', { name: 'Close the assistant' }).click();

  await connectModel(request, `http://127.0.0.1:${E2E_LLM_PORT}/v1`, 'fake-model');
  await page.reload();

  // Ctrl+K → "Ask the assistant".
  await expect(page.getByRole('heading', { level: 1, name: 'Planner' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
  await page.keyboard.type('ask the assistant');
  await page.keyboard.press('Enter');
  await expect(panel.getByText('fake-model')).toBeVisible();
  await panel.getByLabel('Message to the assistant').fill('Add a queue for the background jobs');
  await panel.getByRole('button', { name: 'Send' }).click();

  await expect(panel.getByText(/I can add an SQS queue named jobs/)).toBeVisible();
  const change = panel.getByRole('region', { name: 'Proposed change' });
  await expect(change.getByRole('listitem')).toHaveText(['Add SQS queue "jobs" (jobs)']);

  const board = page.getByRole('region', { name: 'Architecture board' });
  const jobs = board.locator('.react-flow__node[data-id="jobs"]');
  await change.getByRole('button', { name: 'Preview on the board' }).click();
  await expect(jobs).toBeVisible();
  await expect(change.getByRole('status')).toHaveText(/Showing on the board/);
  await captureWidths(page, 'assistant-preview');

  // Reject restores the board; applying it again keeps it.
  await change.getByRole('button', { name: 'Reject' }).click();
  await expect(jobs).toHaveCount(0);
  await panel.getByLabel('Message to the assistant').fill('Add it after all');
  await panel.getByRole('button', { name: 'Send' }).click();
  const second = panel.getByRole('region', { name: 'Proposed change' }).last();
  await second.getByRole('button', { name: 'Apply' }).click();
  await expect(second.getByRole('status')).toHaveText(/Applied to the board/);
  await expect(jobs).toBeVisible();

  // It is the planner's own design now: it survives closing the panel and a reload.
  await panel.getByRole('button', { name: 'Close the assistant' }).click();
  await page.reload();
  await expect(board.locator('.react-flow__node[data-id="jobs"]')).toBeVisible();
});

test('assistant on a phone: the panel folds to a bar while the board shows the proposed change', async ({
  page,
  request,
}) => {
  await connectModel(request, `http://127.0.0.1:${E2E_LLM_PORT}/v1`, 'fake-model');
  const { token } = await createAccount(request);
  await useStoredSession(page, token);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/planner');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Planner' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('ask the assistant');
  await page.keyboard.press('Enter');

  const panel = page.getByRole('complementary', { name: 'Assistant' });
  await panel.getByLabel('Message to the assistant').fill('Add a queue for the background jobs');
  await panel.getByRole('button', { name: 'Send' }).click();
  const change = panel.getByRole('region', { name: 'Proposed change' });
  await change.getByRole('button', { name: 'Preview on the board' }).click();

  // The full-width panel would hide the board: it folds to a bar, and the change is in view.
  const bar = page.getByRole('region', { name: "Assistant's proposed change" });
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('Add SQS queue "jobs" (jobs)');
  await expect(panel).toBeHidden();
  const jobs = page.locator('.react-flow__node[data-id="jobs"]');
  await expect(jobs).toBeInViewport();
  await captureWidths(page, 'assistant-phone-preview');

  // Back to the chat and to the board again, then applied from the bar.
  await bar.getByRole('button', { name: 'Back to chat' }).click();
  await expect(change.getByRole('status')).toHaveText(/Showing on the board/);
  await change.getByRole('button', { name: 'Show on the board' }).click();
  await bar.getByRole('button', { name: 'Apply' }).click();
  await expect(bar.getByRole('status')).toHaveText(/Applied to the board/);
  await expect(bar.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  await expect(jobs).toBeInViewport();
  await bar.getByRole('button', { name: 'Back to chat' }).click();
  await expect(change.getByRole('status')).toHaveText(/Applied to the board/);
});

test('assistant: "Explain with the assistant" on a generated file sends that file to the model', async ({
  page,
  request,
}) => {
  await connectModel(request, `http://127.0.0.1:${E2E_LLM_PORT}/v1`, 'fake-model');
  const account = await createAccount(request);
  const id = await createProject(request, account, 'Explained', {
    currentStep: 5,
    selectedProvider: 'aws',
    selectedServices: ['aws.sqs'],
    architectureConfig: {
      region: 'us-east-1',
      components: [{ id: 'jobs', service: 'aws.sqs', name: 'jobs', properties: {} }],
    },
  });
  const generated = await request.post(`/api/projects/${id}/generations`, {
    headers: { authorization: `Bearer ${account.token}` },
    data: { format: 'terraform' },
  });
  expect(generated.ok(), await generated.text()).toBe(true);
  const { files } = (
    (await generated.json()) as {
      data: { generation: { files: { path: string; content: string }[] } };
    }
  ).data.generation;
  const main = files.find((f) => f.path === 'main.tf');
  expect(main?.content).toContain('aws_sqs_queue');

  await useStoredSession(page, account.token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/planner?project=${id}`);
  const viewer = page.getByRole('region', { name: 'Generated code' });
  await expect(viewer.getByLabel('Contents of main.tf')).toContainText('aws_sqs_queue');
  await captureWidths(page, 'assistant-explain-viewer');
  await viewer.getByRole('button', { name: 'Explain main.tf with the assistant' }).click();

  const panel = page.getByRole('complementary', { name: 'Assistant' });
  const input = panel.getByLabel('Message to the assistant');
  await expect(input).toHaveValue(/^Explain what main\.tf does/);
  await expect(panel.getByText('About the generated file main.tf')).toBeVisible();
  await captureWidths(page, 'assistant-explain');
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(panel.getByText('This file creates the queue.')).toBeVisible();
  // The model read the file the user had open, from the stored generation.
  expect(lastSystem).toContain('The user is asking about the file main.tf');
  expect(lastSystem).toContain(main?.content.trimEnd());
});
