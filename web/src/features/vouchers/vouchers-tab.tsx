import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { VOUCHER_FILTERS } from '@stratum/core/contract/vouchers/list-vouchers';
import type { TVoucher } from '@stratum/core/contract/vouchers/voucher';
import { PLANS } from '@stratum/core/plans';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { Pagination } from '../../components/pagination';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { FilterBar } from '../../components/filter-bar';
import { ListState } from '../../components/list-state';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { compactQuery } from '../../lib/list-query';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useStaff } from '../../lib/use-staff';
import { vouchersQuery } from './api/list-vouchers';
import { useDeleteVoucher, useExpireVoucher } from './api/manage-voucher';
import { VoucherCreateDialog } from './voucher-create-dialog';
import { VoucherUsagesDialog } from './voucher-usages-dialog';

const PAGE_SIZE = 20;
const FILTER_LABELS: Record<(typeof VOUCHER_FILTERS)[number], string> = {
  all: 'All vouchers',
  usable: 'Usable',
  expired: 'Expired',
  exhausted: 'Used up',
};

type Pending = { kind: 'expire' | 'delete'; voucher: TVoucher } | null;

/** Staff: vouchers with their usage; create (owner, admin), expire, delete, see who used one. */
export function VouchersTab() {
  const { can } = useStaff();
  const canManage = can('vouchers.manage');
  const [status, setStatus] = useState<string>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [usagesOf, setUsagesOf] = useState<TVoucher | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const debouncedSearch = useDebouncedValue(search);
  const query = compactQuery({ status, search: debouncedSearch, page, pageSize: PAGE_SIZE });
  const result = useQuery(vouchersQuery(query));
  const expire = useExpireVoucher({
    success: (_, v) => `Voucher ${v.code} expired`,
    failure: 'The voucher could not be expired',
    onDone: () => setPending(null),
  });
  const remove = useDeleteVoucher({
    success: (_, v) => `Voucher ${v.code} deleted`,
    failure: 'The voucher could not be deleted',
    onDone: () => setPending(null),
  });

  const columns: DataTableColumn<TVoucher>[] = [
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
          <Button size="sm" variant="secondary" onClick={() => setUsagesOf(v)}>
            Usage<span className="sr-only"> of {v.code}</span>
          </Button>
          {canManage && !v.isExpired && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setPending({ kind: 'expire', voucher: v })}
            >
              Expire<span className="sr-only"> {v.code}</span>
            </Button>
          )}
          {canManage && (
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700"
              onClick={() => setPending({ kind: 'delete', voucher: v })}
            >
              Delete<span className="sr-only"> {v.code}</span>
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <FilterBar
        label="Filter vouchers"
        actions={canManage && <Button onClick={() => setIsCreateOpen(true)}>New voucher</Button>}
      >
        <SelectField
          label="Status"
          options={VOUCHER_FILTERS.map((f) => ({ value: f, label: FILTER_LABELS[f] }))}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
        />
        <TextField
          label="Code"
          type="search"
          placeholder="ABCD-EFGH"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </FilterBar>
      <ListState result={result} what="vouchers">
        {(data) => (
          <>
            <DataTable
              label="Vouchers"
              columns={columns}
              rows={data.data.items}
              rowKey={(v) => v.id}
              empty="No voucher matches these filters."
            />
            <Pagination
              page={data.data.page}
              pageSize={data.data.pageSize}
              total={data.data.total}
              onPageChange={setPage}
              label="vouchers"
            />
          </>
        )}
      </ListState>
      {isCreateOpen && <VoucherCreateDialog onClose={() => setIsCreateOpen(false)} />}
      {usagesOf && <VoucherUsagesDialog voucher={usagesOf} onClose={() => setUsagesOf(null)} />}
      <ConfirmDialog
        isOpen={pending !== null}
        onOpenChange={(isOpen) => !isOpen && setPending(null)}
        title={
          pending?.kind === 'delete'
            ? `Delete voucher ${pending.voucher.code}?`
            : `Expire voucher ${pending?.voucher.code ?? ''}?`
        }
        description={
          pending?.kind === 'delete'
            ? 'The voucher and its usage records are deleted; the audit trail keeps a copy.'
            : 'Nobody can redeem it from now on. What was granted stays.'
        }
        confirmLabel={pending?.kind === 'delete' ? 'Delete voucher' : 'Expire voucher'}
        isDanger={pending?.kind === 'delete'}
        isBusy={expire.isPending || remove.isPending}
        onConfirm={() => {
          if (pending?.kind === 'delete') remove.mutate(pending.voucher);
          else if (pending) expire.mutate(pending.voucher);
        }}
      />
    </>
  );
}
