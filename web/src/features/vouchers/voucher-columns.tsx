import type { TVoucher } from '@stratum/core/contract/vouchers/voucher';
import { PLANS } from '@stratum/core/plans';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import type { DataTableColumn } from '../../components/data-table';
import { formatDate, formatDateTime } from '../../lib/format-date';

export interface VoucherColumnsOptions {
  /** Expire and delete are offered only to staff who manage vouchers. */
  canManage: boolean;
  onUsages: (voucher: TVoucher) => void;
  onExpire: (voucher: TVoucher) => void;
  onDelete: (voucher: TVoucher) => void;
}

/** The vouchers table's columns, with each row's actions. */
export const voucherColumns = ({
  canManage,
  onUsages,
  onExpire,
  onDelete,
}: VoucherColumnsOptions): DataTableColumn<TVoucher>[] => [
  { key: 'code', header: 'Code', cell: (v) => <span className="font-mono">{v.code}</span> },
  { key: 'type', header: 'Plan', cell: (v) => `${PLANS[v.type].name} · ${v.duration} days` },
  { key: 'credits', header: 'Credits', cell: (v) => v.credits.toLocaleString('en-US') },
  { key: 'usage', header: 'Used', cell: (v) => `${v.timesUsed} of ${v.usageLimit}` },
  {
    key: 'expires',
    header: 'Expires',
    cell: (v) => (v.expiresAt ? formatDateTime(v.expiresAt) : 'Never'),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (v) =>
      v.isExpired ? (
        <Badge>Expired</Badge>
      ) : v.isExhausted ? (
        <Badge tone="warning">Used up</Badge>
      ) : (
        <Badge tone="success">Usable</Badge>
      ),
  },
  {
    key: 'created',
    header: 'Created',
    cell: (v) => `${formatDate(v.createdAt)}${v.createdBy ? ` · ${v.createdBy}` : ''}`,
  },
  {
    key: 'actions',
    header: 'Actions',
    cell: (v) => (
      <div className="flex flex-wrap gap-1.5">
        <Button size="sm" variant="secondary" onClick={() => onUsages(v)}>
          Usage<span className="sr-only"> of {v.code}</span>
        </Button>
        {canManage && !v.isExpired && (
          <Button size="sm" variant="secondary" onClick={() => onExpire(v)}>
            Expire<span className="sr-only"> {v.code}</span>
          </Button>
        )}
        {canManage && (
          <Button size="sm" variant="ghost" className="text-red-700" onClick={() => onDelete(v)}>
            Delete<span className="sr-only"> {v.code}</span>
          </Button>
        )}
      </div>
    ),
  },
];
