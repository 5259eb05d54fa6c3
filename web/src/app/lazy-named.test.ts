import { describe, expect, it } from 'vitest';
import { isChunkLoadError, loadWithRetry, RETRY_DELAYS_MS } from './lazy-named';

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/profile-page-abc.js');

function flaky<T>(failures: number, value: T, error: () => Error = chunkError) {
  let calls = 0;
  const loader = () => {
    calls += 1;
    return calls <= failures ? Promise.reject(error()) : Promise.resolve(value);
  };
  return { loader, calls: () => calls };
}

describe('loadWithRetry', () => {
  it('retries a failed download after each delay, and returns the page once it arrives', async () => {
    const waits: number[] = [];
    const { loader, calls } = flaky(2, 'page');
    await expect(
      loadWithRetry(loader, RETRY_DELAYS_MS, (ms) => {
        waits.push(ms);
        return Promise.resolve();
      }),
    ).resolves.toBe('page');
    expect(calls()).toBe(3);
    expect(waits).toEqual([...RETRY_DELAYS_MS]);
  });

  it('gives up after the last retry with the download error', async () => {
    const { loader, calls } = flaky(9, 'page');
    await expect(loadWithRetry(loader, [1, 1], () => Promise.resolve())).rejects.toThrow(
      /dynamically imported module/,
    );
    expect(calls()).toBe(3);
  });

  it('does not retry an error that is not a download failure', async () => {
    const { loader, calls } = flaky(1, 'page', () => new Error('render bug'));
    await expect(loadWithRetry(loader, [1, 1], () => Promise.resolve())).rejects.toThrow(
      'render bug',
    );
    expect(calls()).toBe(1);
  });
});

describe('isChunkLoadError', () => {
  it("knows Chromium's, Safari's and Firefox's words for it", () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
