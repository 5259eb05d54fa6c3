import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listAuditLog, type TAuditEntry } from '@stratum/core/contract/audit/list-audit-log';
import { Button } from '../../components/button';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { Pagination } from '../../components/pagination';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { callApi } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { compactQuery, filterOptions } from './admin-text';
import { auditActionOptions, dayStartIso } from './audit-filters';
import { FilterBar } from './filter-bar';
import { ListState } from './list-state';
import { useDebouncedValue } from './use-debounced-value';

const PAGE_SIZE = 25;

/** Staff: every staff action — who, what, when, before and after — newest first, filterable. */
export function AuditTab() {
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<TAuditEntry | null>(null);
  const debouncedActor = useDebouncedValue(actor);
  const query = compactQuery({
    actor: debouncedActor,
    action,
    from: dayStartIso(from, 0),
    to: dayStartIso(to, 1),
    page,
    pageSize: PAGE_SIZE,
  });
  const result = useQuery({
    queryKey: ['admin', 'audit', query],
    queryFn: ({ signal }) => callApi(listAuditLog, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const set = (setter: (v: string) => void) => (value: string) => {
    setter(value);
    setPage(1);
  };

  const columns: DataTableColumn<TAuditEntry>[] = [
    { key: 'action', header: 'Action', cell: (e) => <code className="text-xs">{e.action}</code> },
    {
      key: 'who',
      header: 'Who',
      cell: (e) => (
        <span className="break-all">
          {e.actorEmail} <span className="text-slate-600">({e.actorRole})</span>
        </span>
      ),
    },
    {
      key: 'target',
      header: 'Target',
      cell: (e) => (
        <span className="break-all">{[e.targetType, e.targetId].filter(Boolean).join(' · ')}</span>
      ),
    },
    { key: 'when', header: 'When', cell: (e) => formatDateTime(e.at) },
    {
      key: 'changes',
      header: 'Changes',
      cell: (e) => (
        <Button size="sm" variant="secondary" onClick={() => setOpen(e)}>
          Before and after
          <span className="sr-only">
            {' '}
            of {e.action} at {formatDateTime(e.at)}
          </span>
        </Button>
      ),
    },
  ];

  return (
    <>
      <FilterBar label="Filter the audit trail">
        <TextField
          label="Staff member"
          type="search"
          placeholder="Email"
          value={actor}
          onChange={(e) => set(setActor)(e.target.value)}
        />
        <SelectField
          label="Action"
          options={filterOptions('Any action', auditActionOptions(result.data?.data.actions ?? []))}
          value={action}
          onChange={(e) => set(setAction)(e.target.value)}
        />
        <TextField
          label="From"
          type="date"
          value={from}
          onChange={(e) => set(setFrom)(e.target.value)}
        />
        <TextField label="To" type="date" value={to} onChange={(e) => set(setTo)(e.target.value)} />
      </FilterBar>
      <ListState result={result} what="audit trail">
        {(data) => (
          <>
            <DataTable
              label="Audit trail"
              columns={columns}
              rows={data.data.items}
              rowKey={(e) => e.id}
              empty="No staff action matches these filters."
            />
            <Pagination
              page={data.data.page}
              pageSize={data.data.pageSize}
              total={data.data.total}
              onPageChange={setPage}
              label="actions"
            />
          </>
        )}
      </ListState>
      {open && (
        <Dialog
          isOpen
          onOpenChange={(isOpen) => !isOpen && setOpen(null)}
          title={open.action}
          description={`${open.actorEmail} (${open.actorRole}) · ${formatDateTime(open.at)}${open.ip ? ` · ${open.ip}` : ''}`}
          className="w-[min(52rem,calc(100vw-2rem))]"
        >
          <div className="grid gap-3 md:grid-cols-2">
            <Json label="Before" value={open.before} />
            <Json label="After" value={open.after} />
          </div>
        </Dialog>
      )}
    </>
  );
}

function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <h3 className="text-sm font-semibold text-slate-900">{label}</h3>
      <pre
        tabIndex={0}
        aria-label={label}
        className="mt-1 max-h-80 overflow-auto rounded-md bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap text-slate-800"
      >
        {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}
