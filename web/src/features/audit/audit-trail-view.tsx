import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
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
import { downloadAuditCsv } from './api/export-audit';
import { auditTrailQuery } from './api/list-audit-log';
import { AuditEntryDialog } from './audit-entry-dialog';
import { auditActionOptions, auditTargetTypeOptions } from './audit-filters';
import { AuditTarget } from './audit-target';

const PAGE_SIZE = 25;

export interface AuditTrailViewProps {
  /** Your own trail, or everyone's (staff, with actor and target id filters). */
  scope: 'own' | 'staff';
}

/** The trail, newest first: filters, a paged table, each entry's before and after, CSV export. */
export function AuditTrailView({ scope }: AuditTrailViewProps) {
  const isStaff = scope === 'staff';
  const [filters, setFilters] = useState({
    actor: '',
    action: '',
    targetType: '',
    targetId: '',
    from: '',
    to: '',
  });
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<TAuditEntry | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  const actor = useDebouncedValue(filters.actor);
  const targetId = useDebouncedValue(filters.targetId);
  const matching = compactQuery({
    ...(isStaff && { actor, targetId }),
    action: filters.action,
    targetType: filters.targetType,
    from: dayStartIso(filters.from, 0),
    to: dayStartIso(filters.to, 1),
  });
  const query = { ...matching, ...compactQuery({ page, pageSize: PAGE_SIZE }) };
  const result = useQuery(auditTrailQuery(scope, query));
  const set = (key: keyof typeof filters) => (value: string) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  const exportCsv = async () => {
    setIsExporting(true);
    try {
      await downloadAuditCsv(scope, matching);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The export failed.');
    } finally {
      setIsExporting(false);
    }
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
    { key: 'target', header: 'Target', cell: (e) => <AuditTarget entry={e} /> },
    {
      key: 'when',
      header: 'When',
      cell: (e) => (
        <>
          {formatDateTime(e.at)}
          {e.ip && <span className="block text-xs text-slate-600">from {e.ip}</span>}
        </>
      ),
    },
    {
      key: 'changes',
      header: 'Details',
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
      <FilterBar
        label="Filter the audit trail"
        actions={
          <Button variant="secondary" isLoading={isExporting} onClick={() => void exportCsv()}>
            <Download className="size-4" aria-hidden="true" />
            Export CSV
          </Button>
        }
      >
        {isStaff && (
          <TextField
            label="Who"
            type="search"
            placeholder="Email"
            value={filters.actor}
            onChange={(e) => set('actor')(e.target.value)}
          />
        )}
        <SelectField
          label="Action"
          options={filterOptions('Any action', auditActionOptions(result.data?.data.actions ?? []))}
          value={filters.action}
          onChange={(e) => set('action')(e.target.value)}
        />
        <SelectField
          label="Target type"
          options={filterOptions(
            'Any target',
            auditTargetTypeOptions(result.data?.data.targetTypes ?? []),
          )}
          value={filters.targetType}
          onChange={(e) => set('targetType')(e.target.value)}
        />
        {isStaff && (
          <TextField
            label="Target id"
            type="search"
            value={filters.targetId}
            onChange={(e) => set('targetId')(e.target.value.trim())}
          />
        )}
        <TextField
          label="From"
          type="date"
          value={filters.from}
          onChange={(e) => set('from')(e.target.value)}
        />
        <TextField
          label="To"
          type="date"
          value={filters.to}
          onChange={(e) => set('to')(e.target.value)}
        />
      </FilterBar>
      <ListState result={result} what="audit trail">
        {(data) => (
          <PagedTable
            label="Audit trail"
            columns={columns}
            page={data.data}
            rowKey={(e) => e.id}
            empty={
              isStaff
                ? 'No action matches these filters.'
                : 'Nothing you did matches these filters.'
            }
            onPageChange={setPage}
            unit="entries"
          />
        )}
      </ListState>
      {open && <AuditEntryDialog entry={open} onClose={() => setOpen(null)} />}
    </>
  );
}
