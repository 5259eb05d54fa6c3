import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZApiRequest, type TCollectionDoc } from '@stratum/core/api-client/model';
import { CollectionTree } from './collection-tree';

const request = (id: string) => ({
  id,
  kind: 'request' as const,
  name: `Request ${id}`,
  request: ZApiRequest.parse({}),
});
const DOC: TCollectionDoc = {
  v: 1,
  name: 'Shop',
  description: '',
  auth: { type: 'none' },
  variables: [],
  items: [
    request('a'),
    { id: 'f', kind: 'folder', name: 'Orders', auth: { type: 'inherit' }, items: [request('b')] },
    request('d'),
  ],
};

let ROW = 32;
/** jsdom has no layout: each row is ROW px tall, stacked in document order. */
function layOutRows() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const row = this.closest('li[data-item-id]');
    const rows = [...document.querySelectorAll('li[data-item-id]')];
    // Anything else (the page, scroll containers) fills a 1024×768 window.
    // As a browser does, a row's rect includes its drag transform.
    const shift = /translate3d\([^,]+,\s*(-?[\d.]+)px/.exec(
      (row as HTMLElement | null)?.style.transform ?? '',
    );
    const top = row ? rows.indexOf(row) * ROW + 100 + Number(shift?.[1] ?? 0) : 0;
    const height = row ? ROW : 768;
    const width = row ? 280 : 1024;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      width,
      height,
      right: width,
      bottom: top + height,
      toJSON: () => ({}),
    };
  });
}

const FLAT: TCollectionDoc = { ...DOC, items: [request('a'), request('b'), request('c')] };

function renderTree(doc = DOC) {
  const onMove = vi.fn();
  const noop = () => {};
  render(
    <CollectionTree
      doc={doc}
      activeItemId={null}
      onOpen={noop}
      onMove={onMove}
      onAddRequest={noop}
      onAddFolder={noop}
      onRename={noop}
      onDuplicate={noop}
      onDelete={noop}
    />,
  );
  return onMove;
}

async function dragWithKeys(handle: HTMLElement, key: 'ArrowUp' | 'ArrowDown', presses: number) {
  handle.focus();
  await act(async () => {
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    // The sensor starts listening for arrows on the next tick.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  for (let i = 0; i < presses; i++) {
    act(() => {
      fireEvent.keyDown(document, { key, code: key });
    });
  }
  act(() => {
    fireEvent.keyDown(document, { key: ' ', code: 'Space' });
  });
  await act(() => Promise.resolve());
}

describe('dragging in a collection', () => {
  beforeEach(() => {
    ROW = 32;
    layOutRows();
  });
  afterEach(() => vi.restoreAllMocks());

  it('reorders requests with the keyboard', async () => {
    // A key press moves the row 25 px: with 20 px rows, a lands on the bottom half of b.
    ROW = 20;
    const onMove = renderTree(FLAT);
    await dragWithKeys(screen.getByRole('button', { name: 'Move Request a' }), 'ArrowDown', 1);
    expect(onMove).toHaveBeenCalledWith('a', null, 1);
  });

  it('does nothing when dropped where it was', async () => {
    const onMove = renderTree();
    await dragWithKeys(screen.getByRole('button', { name: 'Move Request d' }), 'ArrowUp', 0);
    expect(onMove).not.toHaveBeenCalled();
  });

  it('drops a request into a folder', async () => {
    const onMove = renderTree();
    await dragWithKeys(screen.getByRole('button', { name: 'Move Request a' }), 'ArrowDown', 1);
    expect(onMove).toHaveBeenCalledWith('a', 'f', 1);
  });
});
