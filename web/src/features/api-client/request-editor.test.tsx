import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { editorText, renderApiPage, resetWorkspace } from './test-helpers';
import { blankRequest, workspace } from './workspace/workspace-store';

describe('the request editor', () => {
  beforeEach(resetWorkspace);
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the URL and the params table in step, both ways', async () => {
    const user = userEvent.setup();
    renderApiPage();
    await user.click(screen.getAllByRole('button', { name: 'New request' })[0]!);
    const url = screen.getByRole('textbox', { name: 'Request URL' });
    await user.click(url);
    await user.paste('https://api.test/items?page=2&q=x');
    expect(screen.getByRole('textbox', { name: 'Parameter 1 name' })).toHaveValue('page');
    expect(screen.getByRole('textbox', { name: 'Parameter 2 value' })).toHaveValue('x');

    await user.clear(screen.getByRole('textbox', { name: 'Parameter 2 value' }));
    await user.type(screen.getByRole('textbox', { name: 'Parameter 2 value' }), 'shoes');
    expect(url).toHaveValue('https://api.test/items?page=2&q=shoes');

    // A row switched off leaves the URL but stays in the table.
    await user.click(screen.getByRole('checkbox', { name: 'Send parameter 1' }));
    expect(url).toHaveValue('https://api.test/items?q=shoes');
    expect(screen.getByRole('textbox', { name: 'Parameter 1 name' })).toHaveValue('page');

    await user.click(screen.getByRole('button', { name: 'Add parameter' }));
    await user.type(screen.getByRole('textbox', { name: 'Parameter 3 name' }), 'sort');
    expect(url).toHaveValue('https://api.test/items?q=shoes&sort');
  });

  it('keeps what each body mode held when switching between them', async () => {
    const user = userEvent.setup();
    workspace.open({ request: blankRequest({ body: { mode: 'json', text: '{"a": 1}' } }) });
    renderApiPage();
    await user.click(screen.getByRole('tab', { name: 'Body' }));
    expect(editorText('JSON body')).toBe('{"a": 1}');

    await user.click(screen.getByRole('radio', { name: 'Form URL-encoded' }));
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.type(screen.getByRole('textbox', { name: 'Field 1 name' }), 'colour');

    await user.click(screen.getByRole('radio', { name: 'JSON' }));
    expect(editorText('JSON body')).toBe('{"a": 1}');
    await user.click(screen.getByRole('radio', { name: 'Form URL-encoded' }));
    expect(screen.getByRole('textbox', { name: 'Field 1 name' })).toHaveValue('colour');

    // A text mode not used yet starts from the JSON text.
    await user.click(screen.getByRole('radio', { name: 'Raw text' }));
    expect(editorText('Raw body')).toBe('{"a": 1}');
  });

  it('says where JSON is invalid, and formats valid JSON keeping {{variables}}', async () => {
    const user = userEvent.setup();
    const tab = workspace.open({
      request: blankRequest({ body: { mode: 'json', text: '{"a": }' } }),
    });
    renderApiPage();
    await user.click(screen.getByRole('tab', { name: 'Body' }));
    expect(screen.getByText('Invalid JSON: Unexpected "}" (line 1, column 7)')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Format JSON body' })).toBeDisabled();

    workspace.editRequest(tab, (r) => ({
      ...r,
      body: { mode: 'json', text: '{"id":{{id}},"tags":["a"]}' },
    }));
    expect(await screen.findByText('Valid JSON')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Format JSON body' }));
    expect(editorText('JSON body')).toBe('{\n  "id": {{id}},\n  "tags": [\n    "a"\n  ]\n}');
  });

  it('shows what a plan lacks locked, with the plan that has it and the way to the plans page', async () => {
    const user = userEvent.setup();
    workspace.open({});
    renderApiPage({ plan: 'free' });
    await user.click(screen.getByRole('tab', { name: /Scripts/ }));
    const pre = screen.getByRole('note', { name: 'Pre-request scripts locked' });
    expect(pre).toHaveTextContent('Pre-request scripts need the Ultra Pro plan or above.');
    expect(within(pre).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(document.querySelector('.cm-content[aria-label="Test script"]')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(screen.getByRole('note', { name: 'Retries locked' })).toHaveTextContent(
      'Retries need the Pro plan or above.',
    );
    expect(screen.getByRole('spinbutton', { name: 'Retry attempts' })).toBeDisabled();

    await user.click(screen.getByRole('tab', { name: 'Auth' }));
    expect(
      screen.getByRole('option', { name: /OAuth 2\.0 \(locked: the Pro plan or above\)/ }),
    ).toBeDisabled();
  });

  it('unlocks them on a plan that has them', async () => {
    const user = userEvent.setup();
    workspace.open({});
    renderApiPage({ plan: 'ultra-pro' });
    await user.click(screen.getByRole('tab', { name: /Scripts/ }));
    expect(screen.queryByRole('note')).toBeNull();
    expect(document.querySelector('.cm-content[aria-label="Test script"]')).not.toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Auth' }));
    expect(screen.getByRole('option', { name: 'OAuth 2.0' })).toBeEnabled();
  });
});
