// Component tests (`*.test.tsx`, jsdom): unmount what each test rendered, so the next one
// starts from an empty document. The files of a worker share one jsdom (vitest.config.ts):
// what a file left in storage or the document is gone before the next file starts.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { removeLayoutShims } from './layout-shims';

afterEach(() => {
  cleanup();
});

afterAll(() => {
  removeLayoutShims();
  localStorage.clear();
  sessionStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});
