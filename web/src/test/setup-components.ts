// Component tests (`*.test.tsx`, jsdom): unmount what each test rendered, so the next one
// starts from an empty document.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
