import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TAuditEntry } from '@stratum/core/contract/audit/list-audit-log';
import { Button } from '../../components/button';
import type { DataTableColumn } from '../../components/data-table';
import { FilterBar } from '../../components/filter-bar';
import { ListState } from '../../components/list-state';
import { PagedTable } from '../../components/paged-table';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { formatDateTime } from '../../lib/format-date';
import { compactQuery, dayStartIso, filterOptions } from '../../lib/list-query';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { auditLogQuery } from './api/list-audit-log';
import { AuditEntryDialog } from './audit-entry-dialog';
import { auditActionOptions } from './audit-filters';
import { AuditTarget } from './audit-target';

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
  const result = useQuery(auditLogQuery(query));
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
      cell: (e) => <AuditTarget entry={e} />,
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
          <PagedTable
            label="Audit trail"
            columns={columns}
            page={data.data}
            rowKey={(e) => e.id}
            empty="No staff action matches these filters."
            onPageChange={setPage}
            unit="actions"
          />
        )}
      </ListState>
      {open && <AuditEntryDialog entry={open} onClose={() => setOpen(null)} />}
    </>
  );
}
