import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ERROR_LEVELS, type TErrorLog } from '@stratum/core/contract/error-logs/error-log';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PagedTable } from '../../components/paged-table';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { FilterBar } from '../../components/filter-bar';
import { ListState } from '../../components/list-state';
import { formatDateTime } from '../../lib/format-date';
import { compactQuery, dayStartIso, filterOptions } from '../../lib/list-query';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useStaff } from '../../lib/use-staff';
import { errorLogsQuery, useClearErrorLogs } from './api/error-logs';
import { errorLogColumns } from './error-log-columns';
import { ErrorLogDialog } from './error-log-dialog';

const PAGE_SIZE = 25;

/** Staff: errors the web reported (§3 Error log); filter, read one, clear (owner, admin). */
export function ErrorLogsTab() {
  const { can } = useStaff();
  const [level, setLevel] = useState('');
  const [component, setComponent] = useState('');
  const [search, setSearch] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<TErrorLog | null>(null);
  const [isClearOpen, setIsClearOpen] = useState(false);
  const debouncedSearch = useDebouncedValue(search);
  const query = compactQuery({
    level,
    component,
    search: debouncedSearch,
    from: dayStartIso(from, 0),
    to: dayStartIso(to, 1),
    page,
    pageSize: PAGE_SIZE,
  });
  const result = useQuery(errorLogsQuery(query));
  const before = dayStartIso(to, 1);
  const clear = useClearErrorLogs({
    success: (r) => `${r.data.deleted} error reports cleared`,
    failure: 'The error log could not be cleared',
    onDone: () => setIsClearOpen(false),
  });
  const set = (setter: (v: string) => void) => (value: string) => {
    setter(value);
    setPage(1);
  };

  return (
    <>
      <FilterBar
        label="Filter error logs"
        actions={
          can('errorLogs.clear') && (
            <Button variant="danger" onClick={() => setIsClearOpen(true)}>
              {to ? 'Clear up to the date' : 'Clear all'}
            </Button>
          )
        }
      >
        <SelectField
          label="Level"
          options={filterOptions(
            'Any level',
            ERROR_LEVELS.map((l) => ({ value: l, label: l })),
          )}
          value={level}
          onChange={(e) => set(setLevel)(e.target.value)}
        />
        <SelectField
          label="Component"
          options={filterOptions(
            'Any component',
            (result.data?.data.components ?? []).map((c) => ({ value: c, label: c })),
          )}
          value={component}
          onChange={(e) => set(setComponent)(e.target.value)}
        />
        <TextField
          label="Search"
          type="search"
          placeholder="Message, URL or action"
          value={search}
          onChange={(e) => set(setSearch)(e.target.value)}
        />
        <TextField
          label="From"
          type="date"
          value={from}
          onChange={(e) => set(setFrom)(e.target.value)}
        />
        <TextField label="To" type="date" value={to} onChange={(e) => set(setTo)(e.target.value)} />
      </FilterBar>
      <ListState result={result} what="error logs">
        {(data) => (
          <PagedTable
            label="Error logs"
            columns={errorLogColumns(setOpen)}
            page={data.data}
            rowKey={(e) => e.id}
            empty="No error report matches these filters."
            onPageChange={setPage}
            unit="reports"
          />
        )}
      </ListState>
      {open && <ErrorLogDialog log={open} onClose={() => setOpen(null)} />}
      <ConfirmDialog
        isOpen={isClearOpen}
        onOpenChange={setIsClearOpen}
        title="Clear the error log?"
        description={
          before
            ? `Every report received before ${formatDateTime(before)} is deleted.`
            : 'Every error report is deleted. This cannot be undone.'
        }
        confirmLabel="Clear"
        isDanger
        isBusy={clear.isPending}
        onConfirm={() => clear.mutate({ before })}
      />
    </>
  );
}
