import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TActivationRequest } from '@stratum/core/contract/subscription/activation-request';
import { PLANS } from '@stratum/core/plans';
import { Badge, type BadgeTone } from '../../components/badge';
import { Button } from '../../components/button';
import type { DataTableColumn } from '../../components/data-table';
import { PagedTable } from '../../components/paged-table';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { FilterBar } from '../../components/filter-bar';
import { ListState } from '../../components/list-state';
import { formatDateTime } from '../../lib/format-date';
import { compactQuery } from '../../lib/list-query';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useStaff } from '../../lib/use-staff';
import { requestsQuery } from './api/requests';
import { ProcessRequestDialog } from './process-request-dialog';
const PAGE_SIZE = 20;

const STATUS_TONES: Record<TActivationRequest['status'], BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'neutral',
};
const STATUS_LABELS: Record<TActivationRequest['status'], string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
const STATUS_OPTIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: '', label: 'Any status' },
];

/** §4 activation requests: the staff queue, newest first; approve or reject a pending one. */
export function RequestsTab() {
  const { can } = useStaff();
  const [status, setStatus] = useState('pending');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<TActivationRequest | null>(null);
  const debouncedSearch = useDebouncedValue(search);
  const query = compactQuery({ status, search: debouncedSearch, page, pageSize: PAGE_SIZE });
  const result = useQuery(requestsQuery(query));

  const columns: DataTableColumn<TActivationRequest>[] = [
    {
      key: 'who',
      header: 'Requester',
      cell: (r) => (
        <div className="min-w-0">
          <div className="font-medium text-slate-900">{r.username}</div>
          <div className="text-xs break-all text-slate-600">{r.userEmail}</div>
        </div>
      ),
    },
    { key: 'plan', header: 'Plan', cell: (r) => PLANS[r.requestedSubscription].name },
    { key: 'credits', header: 'Credits', cell: (r) => r.requestedCredits.toLocaleString('en-US') },
    {
      key: 'message',
      header: 'Message',
      className: 'max-w-64',
      cell: (r) => <span className="break-words whitespace-pre-line">{r.message || '—'}</span>,
    },
    { key: 'created', header: 'Requested', cell: (r) => formatDateTime(r.createdAt) },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => (
        <div>
          <Badge tone={STATUS_TONES[r.status]}>{STATUS_LABELS[r.status]}</Badge>
          {r.processedAt && (
            <div className="mt-1 text-xs text-slate-600">
              {r.processedBy ?? 'Unknown'} · {formatDateTime(r.processedAt)}
              {r.processingNotes && <div className="italic">“{r.processingNotes}”</div>}
            </div>
          )}
        </div>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (r) =>
        r.status === 'pending' && can('requests.process') ? (
          <Button size="sm" onClick={() => setSelected(r)}>
            Review<span className="sr-only"> request from {r.userEmail}</span>
          </Button>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <>
      <FilterBar label="Filter activation requests">
        <SelectField
          label="Status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
        />
        <TextField
          label="Search"
          type="search"
          placeholder="Email, name or message"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </FilterBar>
      <ListState result={result} what="activation requests">
        {(data) => (
          <>
            <p className="mb-3 text-sm text-slate-700">
              {data.data.pendingCount} waiting for a decision.
            </p>
            <PagedTable
              label="Activation requests"
              columns={columns}
              page={data.data}
              rowKey={(r) => r.id}
              empty="No activation request matches these filters."
              onPageChange={setPage}
              unit="requests"
            />
          </>
        )}
      </ListState>
      {selected && <ProcessRequestDialog request={selected} onClose={() => setSelected(null)} />}
    </>
  );
}
