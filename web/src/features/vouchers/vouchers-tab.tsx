import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { VOUCHER_FILTERS } from '@stratum/core/contract/vouchers/list-vouchers';
import type { TVoucher } from '@stratum/core/contract/vouchers/voucher';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PagedTable } from '../../components/paged-table';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { FilterBar } from '../../components/filter-bar';
import { ListState } from '../../components/list-state';
import { compactQuery } from '../../lib/list-query';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useStaff } from '../../lib/use-staff';
import { vouchersQuery } from './api/list-vouchers';
import { useDeleteVoucher, useExpireVoucher } from './api/manage-voucher';
import { voucherColumns } from './voucher-columns';
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
          <PagedTable
            label="Vouchers"
            columns={voucherColumns({
              canManage,
              onUsages: setUsagesOf,
              onExpire: (voucher) => setPending({ kind: 'expire', voucher }),
              onDelete: (voucher) => setPending({ kind: 'delete', voucher }),
            })}
            page={data.data}
            rowKey={(v) => v.id}
            empty="No voucher matches these filters."
            onPageChange={setPage}
            unit="vouchers"
          />
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
