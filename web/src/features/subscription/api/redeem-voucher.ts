import { useMutation, useQueryClient } from '@tanstack/react-query';
import { previewVoucher } from '@stratum/core/contract/vouchers/preview-voucher';
import { redeemVoucher } from '@stratum/core/contract/vouchers/redeem-voucher';
import { fireSparkle } from '../../../components/sparkle';
import { callApi } from '../../../lib/api-client';
import { SUBSCRIPTION_QUERY_KEY } from '../../../lib/api/subscription';

/** POST /api/vouchers/preview: what redeeming would do, changing nothing. */
export function usePreviewVoucher() {
  return useMutation({
    mutationFn: (code: string) => callApi(previewVoucher, { body: { code } }),
  });
}

/** POST /api/vouchers/redeem: credits and (unless a bigger plan is live) the voucher's plan. */
export function useRedeemVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callApi(redeemVoucher, { body: { code } }),
    onSuccess: () => {
      fireSparkle();
      return queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });
    },
  });
}
