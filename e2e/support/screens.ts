import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

export const SCREEN_WIDTHS = [375, 768, 1280] as const;
const SCREENS_DIR = path.resolve(
  fileURLToPath(new URL('../../test-results/screens', import.meta.url)),
);

/**
 * Full-page screenshots of the current page at phone, tablet and desktop widths, for review in
 * test-results/screens. Not under CI, where nobody looks at them. Each capture took 1.3-2.8 s
 * of a journey here (2026-11-30); over a whole CI run, the journeys' total moved less than it
 * varies between runs.
 */
export async function captureWidths(page: Page, name: string): Promise<void> {
  if (process.env['CI']) return;
  const original = page.viewportSize();
  // From the top, so the sticky header sits where it belongs in a full-page capture.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150); // let ResizeObserver-driven layout (the More menu) settle
    await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}
