import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPARKLE } from '../components/sparkle';
import { useGenerateProject } from '../features/planner/api/generate-project';
import { useRedeemVoucher } from '../features/subscription/api/redeem-voucher';
import { testQueryClient } from '../test/render-with-client';

interface Trigger {
  mutate: () => void;
  isSuccess: boolean;
  isError: boolean;
}

/** Every call answers `status` with `body` (JSON). */
function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', () =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>
);

/** §4: a successful generation and a redeemed voucher sparkle; a refusal does not. */
describe('what fires the sparkle effect', () => {
  const sparkles = vi.fn();
  beforeEach(() => window.addEventListener(SPARKLE.eventName, sparkles));
  afterEach(() => {
    window.removeEventListener(SPARKLE.eventName, sparkles);
    sparkles.mockReset();
    vi.unstubAllGlobals();
  });

  const cases: { name: string; useTrigger: () => Trigger; refusal: object }[] = [
    {
      name: 'a generation',
      useTrigger: function useGeneration() {
        const generate = useGenerateProject('p1', () => Promise.resolve());
        return { ...generate, mutate: () => generate.mutate('terraform') };
      },
      refusal: { code: 'planner/quota_exceeded', message: 'No generations left this month' },
    },
    {
      name: 'a voucher',
      useTrigger: function useVoucher() {
        const redeem = useRedeemVoucher();
        return { ...redeem, mutate: () => redeem.mutate('ABCD-EFGH-JKLM') };
      },
      refusal: { code: 'vouchers/not_found', message: 'Voucher not found' },
    },
  ];

  for (const { name, useTrigger, refusal } of cases) {
    it(`sparkles once after ${name} succeeds, and not when it is refused`, async () => {
      answer(200, { success: true, data: {} });
      const { result } = renderHook(useTrigger, { wrapper });
      act(() => result.current.mutate());
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(sparkles).toHaveBeenCalledTimes(1);

      answer(409, { success: false, ...refusal });
      act(() => result.current.mutate());
      await waitFor(() => expect(result.current.isError).toBe(true));
      expect(sparkles).toHaveBeenCalledTimes(1);
    });
  }
});
