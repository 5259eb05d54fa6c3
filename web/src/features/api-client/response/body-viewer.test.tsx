import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TRunResponse } from '../api/run';
import { BodyViewer } from './body-viewer';

const response = (
  contentType: string,
  body: string,
  bodyEncoding: 'utf8' | 'base64' = 'utf8',
): TRunResponse => ({
  status: 200,
  headers: contentType ? { 'Content-Type': contentType } : {},
  body,
  bodyEncoding,
  size: body.length,
  timings: { dnsMs: 1, connectMs: 2, tlsMs: 3, firstByteMs: 10, totalMs: 12 },
});

describe('the response body', () => {
  it('shows JSON pretty-printed, raw, or as a tree folded below the root', async () => {
    const user = userEvent.setup();
    render(<BodyViewer response={response('application/json', '{"user":{"name":"Ada"},"n":1}')} />);
    const views = screen.getByRole('group', { name: 'Body view' });
    expect(
      within(views)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Pretty', 'Raw', 'Tree']);
    expect(document.querySelector('.cm-content')?.textContent).toContain('"name": "Ada"');

    await user.click(within(views).getByRole('button', { name: 'Tree' }));
    const tree = screen.getByRole('region', { name: 'Response body as a tree' });
    const user1 = within(tree).getByRole('button', { name: 'user { 1 key }' });
    expect(user1).toHaveAttribute('aria-expanded', 'false');
    expect(within(tree).queryByText('"Ada"')).toBeNull();
    await user.click(user1);
    expect(within(tree).getByText('"Ada"')).toBeVisible();
  });

  it('draws only the rows in view and shows a big array a hundred items at a time', async () => {
    const user = userEvent.setup();
    const items = JSON.stringify(Array.from({ length: 250 }, (_, i) => `item ${i}`));
    render(<BodyViewer response={response('application/json', items)} />);
    await user.click(screen.getByRole('button', { name: 'Tree' }));
    const tree = screen.getByRole('region', { name: 'Response body as a tree' });
    expect(within(tree).getByText('"item 0"')).toBeVisible();
    expect(within(tree).queryByText('"item 90"')).toBeNull();

    fireEvent.scroll(tree, { target: { scrollTop: 2200 } });
    expect(within(tree).getByText('"item 90"')).toBeVisible();
    expect(within(tree).queryByText('"item 0"')).toBeNull();
    await user.click(within(tree).getByRole('button', { name: 'Show 100 more of 150' }));
    fireEvent.scroll(tree, { target: { scrollTop: 4600 } });
    expect(within(tree).getByText('"item 199"')).toBeVisible();
    expect(within(tree).getByRole('button', { name: 'Show 50 more of 50' })).toBeVisible();
  });

  it('previews HTML in a sandbox and shows images', async () => {
    const user = userEvent.setup();
    const { unmount } = render(
      <BodyViewer response={response('text/html; charset=utf-8', '<h1>Hi</h1>')} />,
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const frame = screen.getByTitle('Response preview');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', '<h1>Hi</h1>');
    unmount();

    render(<BodyViewer response={response('image/png', 'iVBORw0KGgo=', 'base64')} />);
    expect(screen.getByRole('img', { name: 'Response image' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
  });

  it('offers binary bodies as a download instead of showing them', () => {
    render(<BodyViewer response={response('application/pdf', 'JVBERi0=', 'base64')} />);
    expect(screen.getByText(/A binary body \(application\/pdf/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download' })).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Body view' })).toBeNull();
  });
});
