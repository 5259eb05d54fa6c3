import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TAdminUser } from '@stratum/core/contract/admin/admin-user';
import { PLANS } from '@stratum/core/plans';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import type { DataTableColumn } from '../../components/data-table';
import { PagedTable } from '../../components/paged-table';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { FilterBar } from '../../components/filter-bar';
import { ListState } from '../../components/list-state';
import { formatDate } from '../../lib/format-date';
import { compactQuery, filterOptions } from '../../lib/list-query';
import { PLAN_OPTIONS } from '../../lib/plan-options';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { ROLE_LABELS, ROLE_OPTIONS } from './admin-text';
import { usersQuery } from './api/users';
import { UserDialog } from './user-dialog';
const PAGE_SIZE = 20;

/** Staff: search users by email or name, filter by role, plan and status, and manage one. */
export function UsersTab() {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState('');
  const [plan, setPlan] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<TAdminUser | null>(null);
  const debouncedSearch = useDebouncedValue(search);
  const query = compactQuery({
    search: debouncedSearch,
    role,
    plan,
    status,
    page,
    pageSize: PAGE_SIZE,
  });
  const result = useQuery(usersQuery(query));
  const filter = (set: (v: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };

  const columns: DataTableColumn<TAdminUser>[] = [
    {
      key: 'user',
      header: 'User',
      cell: (u) => (
        <div className="min-w-0">
          <div className="font-medium text-slate-900">
            {[u.firstName, u.lastName].filter(Boolean).join(' ') || u.email}
          </div>
          <div className="text-xs break-all text-slate-600">{u.email}</div>
        </div>
      ),
    },
    { key: 'role', header: 'Role', cell: (u) => ROLE_LABELS[u.role] },
    { key: 'plan', header: 'Plan', cell: (u) => PLANS[u.subscriptionType].name },
    { key: 'credits', header: 'Credits', cell: (u) => u.credits.toLocaleString('en-US') },
    {
      key: 'status',
      header: 'Status',
      cell: (u) =>
        u.isDisabled ? (
          <Badge tone="warning">Disabled</Badge>
        ) : u.isEmailVerified ? (
          <Badge tone="success">Active</Badge>
        ) : (
          <Badge>Unverified</Badge>
        ),
    },
    { key: 'joined', header: 'Joined', cell: (u) => formatDate(u.createdAt) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (u) => (
        <Button size="sm" variant="secondary" onClick={() => setSelected(u)}>
          Manage<span className="sr-only"> {u.email}</span>
        </Button>
      ),
    },
  ];

  return (
    <>
      <FilterBar label="Filter users">
        <TextField
          label="Search"
          type="search"
          placeholder="Email or name"
          value={search}
          onChange={(e) => filter(setSearch)(e.target.value)}
        />
        <SelectField
          label="Role"
          options={filterOptions('Any role', ROLE_OPTIONS)}
          value={role}
          onChange={(e) => filter(setRole)(e.target.value)}
        />
        <SelectField
          label="Plan"
          options={filterOptions('Any plan', PLAN_OPTIONS)}
          value={plan}
          onChange={(e) => filter(setPlan)(e.target.value)}
        />
        <SelectField
          label="Status"
          options={filterOptions('Any status', [
            { value: 'active', label: 'Active' },
            { value: 'disabled', label: 'Disabled' },
          ])}
          value={status}
          onChange={(e) => filter(setStatus)(e.target.value)}
        />
      </FilterBar>
      <ListState result={result} what="users">
        {(data) => (
          <PagedTable
            label="Users"
            columns={columns}
            page={data.data}
            rowKey={(u) => u.id}
            empty="No user matches these filters."
            onPageChange={setPage}
            unit="users"
          />
        )}
      </ListState>
      {selected && <UserDialog user={selected} onClose={() => setSelected(null)} />}
    </>
  );
}
