import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TManagedNotice } from '@stratum/core/contract/notices/list-all-notices';
import { noticePriorityLabel } from '@stratum/core/notices';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { FilterBar } from '../../components/filter-bar';
import { ListState } from '../../components/list-state';
import { formatDateTime } from '../../lib/format-date';
import { useStaff } from '../../lib/use-staff';
import { allNoticesQuery } from './api/list-all-notices';
import { useDeleteNotice, useUpdateNotice, type UpdateNoticeInput } from './api/save-notice';
import { NoticeFormDialog } from './notice-form-dialog';
import { NoticeRowActions, NoticeStatusBadge } from './notice-row-actions';

type Editing = { notice: TManagedNotice | null } | null;

/** Staff: every site notice; create, edit, activate, expire and delete (notices.manage). */
export function NoticesTab() {
  const { can } = useStaff();
  const canManage = can('notices.manage');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TManagedNotice | null>(null);
  const result = useQuery(allNoticesQuery);
  const update = useUpdateNotice({
    success: (_, { body }: UpdateNoticeInput) =>
      body.expiresAt ? 'Notice expired' : body.isActive ? 'Notice activated' : 'Notice deactivated',
    failure: 'The notice could not be changed',
  });
  const remove = useDeleteNotice({
    success: 'Notice deleted',
    failure: 'The notice could not be deleted',
    onDone: () => setDeleting(null),
  });

  const columns: DataTableColumn<TManagedNotice>[] = [
    {
      key: 'title',
      header: 'Notice',
      className: 'max-w-80',
      cell: (n) => (
        <div className="min-w-0">
          <div className="font-medium text-slate-900">{n.title}</div>
          <div className="line-clamp-2 text-xs text-slate-600">{n.message}</div>
        </div>
      ),
    },
    { key: 'type', header: 'Type', cell: (n) => n.type },
    {
      key: 'priority',
      header: 'Priority',
      cell: (n) => `${noticePriorityLabel(n.priority)} (${n.priority})`,
    },
    { key: 'status', header: 'Status', cell: (n) => <NoticeStatusBadge notice={n} /> },
    {
      key: 'expires',
      header: 'Expires',
      cell: (n) => (n.expiresAt ? formatDateTime(n.expiresAt) : 'Never'),
    },
    {
      key: 'dismiss',
      header: 'Dismissible',
      cell: (n) => (n.dismissible ? `Yes · ${n.dismissCount} dismissed` : 'No'),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (n) =>
        canManage ? (
          <NoticeRowActions
            notice={n}
            onEdit={() => setEditing({ notice: n })}
            onUpdate={(body) => update.mutate({ id: n.id, body })}
            onDelete={() => setDeleting(n)}
          />
        ) : (
          '—'
        ),
    },
  ];

  return (
    <>
      <FilterBar
        label="Site notices"
        actions={
          canManage && <Button onClick={() => setEditing({ notice: null })}>New notice</Button>
        }
      >
        <p className="text-sm text-slate-700">
          Listed as users see them: live notices first, highest priority first, then newest.
        </p>
      </FilterBar>
      <ListState result={result} what="site notices">
        {(data) => (
          <DataTable
            label="Site notices"
            columns={columns}
            rows={data.data.items}
            rowKey={(n) => n.id}
            empty="No site notice yet."
          />
        )}
      </ListState>
      {editing && <NoticeFormDialog notice={editing.notice} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        title={`Delete “${deleting?.title ?? ''}”?`}
        description="The notice disappears from every dashboard. This cannot be undone."
        confirmLabel="Delete notice"
        isDanger
        isBusy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </>
  );
}
