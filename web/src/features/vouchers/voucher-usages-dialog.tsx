import { useQuery } from '@tanstack/react-query';
import type { TVoucher, TVoucherUsage } from '@stratum/core/contract/vouchers/voucher';
import { PLANS } from '@stratum/core/plans';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { ListState } from '../../components/list-state';
import { formatDateTime } from '../../lib/format-date';
import { voucherUsagesQuery } from './api/list-vouchers';

export interface VoucherUsagesDialogProps {
  voucher: TVoucher;
  onClose: () => void;
}

const COLUMNS: DataTableColumn<TVoucherUsage>[] = [
  { key: 'user', header: 'User', cell: (u) => <span className="break-all">{u.userEmail}</span> },
  { key: 'at', header: 'Redeemed', cell: (u) => formatDateTime(u.usedAt) },
  {
    key: 'granted',
    header: 'Granted',
    cell: (u) =>
      `${PLANS[u.subscriptionGranted].name} · ${u.durationGranted} days · ${u.creditsGranted} credits`,
  },
];

/** §3 Voucher usage: who redeemed a voucher and what they got, newest first. */
export function VoucherUsagesDialog({ voucher, onClose }: VoucherUsagesDialogProps) {
  const result = useQuery(voucherUsagesQuery(voucher.id));
  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={`Usage of ${voucher.code}`}
      description={`Used ${voucher.timesUsed} of ${voucher.usageLimit} times.`}
      className="w-[min(44rem,calc(100vw-2rem))]"
    >
      <ListState result={result} what="redemptions">
        {(data) => (
          <DataTable
            label={`Redemptions of ${voucher.code}`}
            columns={COLUMNS}
            rows={data.data.items}
            rowKey={(u) => u.id}
            empty="Nobody has redeemed this voucher yet."
          />
        )}
      </ListState>
    </Dialog>
  );
}
