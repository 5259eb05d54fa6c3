import { useState } from 'react';
import { canManageUser, type TUserAction } from '@stratum/core/admin';
import type { TAdminUser, TAdminUserResponse } from '@stratum/core/contract/admin/admin-user';
import type { TRole } from '@stratum/core/contract/common';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { formatDateTime } from '../../lib/format-date';
import { useStaff } from '../../lib/use-staff';
import { assignableRoles, ROLE_LABELS } from './admin-text';
import { useChangeUserRole, useDeleteUser, useSetUserDisabled } from './api/users';
import { UserCreditsForm, UserPlanForm } from './user-plan-forms';

export interface UserDialogProps {
  user: TAdminUser;
  onClose: () => void;
}

/** Manage one account: role, plan, credits, disable/enable, delete — each only if allowed. */
export function UserDialog({ user: initial, onClose }: UserDialogProps) {
  const { actor } = useStaff();
  const [user, setUser] = useState(initial);
  const [role, setRole] = useState<TRole>(initial.role);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const verdict = (action: TUserAction) =>
    canManageUser(actor, { id: user.id, role: user.role }, action);
  const onDone = (r: TAdminUserResponse) => setUser(r.data.user);

  const saveRole = useChangeUserRole(user.id, {
    success: 'Role changed',
    failure: 'The role could not be changed',
    onDone,
  });
  const toggleDisabled = useSetUserDisabled(user.id, {
    success: (r) => (r.data.user.isDisabled ? 'Account disabled' : 'Account enabled'),
    failure: 'The account could not be changed',
    onDone,
  });
  const remove = useDeleteUser(user.id, {
    success: 'Account deleted',
    failure: 'The account could not be deleted',
    onDone: onClose,
  });

  const denied = (['role', 'plan', 'credits', 'disable', 'delete'] as const)
    .map(verdict)
    .find((v) => !v.isAllowed);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  const canRole = verdict('role').isAllowed;

  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={`Manage ${name}`}
      description={`${user.email} · ${ROLE_LABELS[user.role]} · last signed in ${formatDateTime(user.lastLogin)}`}
      className="w-[min(40rem,calc(100vw-2rem))]"
    >
      <div className="space-y-5">
        {denied && !denied.isAllowed && (
          <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">
            Some actions are not available: {denied.message}.
          </p>
        )}
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label="Role"
            className="min-w-40 flex-1"
            options={(canRole ? assignableRoles(actor.role) : [user.role]).map((r) => ({
              value: r,
              label: ROLE_LABELS[r],
            }))}
            value={role}
            disabled={!canRole}
            onChange={(e) => setRole(e.target.value as TRole)}
          />
          {canRole && (
            <Button
              variant="secondary"
              isLoading={saveRole.isPending}
              disabled={role === user.role}
              onClick={() => saveRole.mutate(role)}
            >
              Save role
            </Button>
          )}
        </div>
        <UserPlanForm user={user} isAllowed={verdict('plan').isAllowed} onSaved={onDone} />
        <UserCreditsForm user={user} isAllowed={verdict('credits').isAllowed} onSaved={onDone} />
        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          {verdict('disable').isAllowed && (
            <Button
              variant="secondary"
              isLoading={toggleDisabled.isPending}
              onClick={() => toggleDisabled.mutate(!user.isDisabled)}
            >
              {user.isDisabled ? 'Enable account' : 'Disable account'}
            </Button>
          )}
          {verdict('delete').isAllowed && (
            <Button variant="danger" onClick={() => setIsDeleteOpen(true)}>
              Delete account
            </Button>
          )}
        </div>
      </div>
      <ConfirmDialog
        isOpen={isDeleteOpen}
        onOpenChange={setIsDeleteOpen}
        title={`Delete ${user.email}?`}
        description="The account and everything it owns are deleted. This cannot be undone."
        confirmLabel="Delete account"
        isDanger
        isBusy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </Dialog>
  );
}
