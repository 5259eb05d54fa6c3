import { useState, type ReactNode } from 'react';
import { canManageUser, type TUserAction } from '@stratum/core/admin';
import { changeUserCredits } from '@stratum/core/contract/admin/change-user-credits';
import { changeUserPlan } from '@stratum/core/contract/admin/change-user-plan';
import { changeUserRole } from '@stratum/core/contract/admin/change-user-role';
import { deleteUser } from '@stratum/core/contract/admin/delete-user';
import { setUserDisabled } from '@stratum/core/contract/admin/set-user-disabled';
import type { TAdminUser } from '@stratum/core/contract/admin/admin-user';
import type { TPlanId, TRole } from '@stratum/core/contract/common';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { callApi } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { assignableRoles, parseWhole, PLAN_OPTIONS, ROLE_LABELS } from './admin-text';
import { useAdminMutation } from './use-admin-mutation';
import { useStaff } from './use-staff';

export interface UserDialogProps {
  user: TAdminUser;
  onClose: () => void;
}

const USERS_KEY = ['admin', 'users'] as const;
const AUDIT_KEY = ['admin', 'audit'] as const;

/** Manage one account: role, plan, credits, disable/enable, delete — each only if allowed. */
export function UserDialog({ user: initial, onClose }: UserDialogProps) {
  const { actor } = useStaff();
  const [user, setUser] = useState(initial);
  const [role, setRole] = useState<TRole>(initial.role);
  const [plan, setPlan] = useState<TPlanId>(initial.subscriptionType);
  const [duration, setDuration] = useState('365');
  const [credits, setCredits] = useState(String(initial.credits));
  const [errors, setErrors] = useState<{ duration?: string; credits?: string }>({});
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const target = { id: user.id, role: user.role };
  const verdict = (action: TUserAction) => canManageUser(actor, target, action);
  const params = { id: user.id };
  const invalidate = [USERS_KEY, AUDIT_KEY];
  const onDone = (r: { data: { user: TAdminUser } }) => setUser(r.data.user);

  const saveRole = useAdminMutation({
    run: () => callApi(changeUserRole, { params, body: { role } }),
    success: 'Role changed',
    failure: 'The role could not be changed',
    invalidate,
    onDone,
  });
  const savePlan = useAdminMutation({
    run: (days: number) =>
      callApi(changeUserPlan, { params, body: { planId: plan, duration: days } }),
    success: 'Plan changed',
    failure: 'The plan could not be changed',
    invalidate,
    onDone,
  });
  const saveCredits = useAdminMutation({
    run: (value: number) => callApi(changeUserCredits, { params, body: { credits: value } }),
    success: 'Credits changed',
    failure: 'The credits could not be changed',
    invalidate,
    onDone,
  });
  const toggleDisabled = useAdminMutation({
    run: () => callApi(setUserDisabled, { params, body: { isDisabled: !user.isDisabled } }),
    success: (r) => (r.data.user.isDisabled ? 'Account disabled' : 'Account enabled'),
    failure: 'The account could not be changed',
    invalidate,
    onDone,
  });
  const remove = useAdminMutation({
    run: () => callApi(deleteUser, { params }),
    success: 'Account deleted',
    failure: 'The account could not be deleted',
    invalidate,
    onDone: onClose,
  });

  const handlePlan = () => {
    const parsed = parseWhole(duration, 1, 3650);
    setErrors((e) => ({ ...e, duration: parsed.error }));
    if (parsed.value !== undefined) savePlan.mutate(parsed.value);
  };
  const handleCredits = () => {
    const parsed = parseWhole(credits, 0, 100_000_000);
    setErrors((e) => ({ ...e, credits: parsed.error }));
    if (parsed.value !== undefined) saveCredits.mutate(parsed.value);
  };

  const denied = (['role', 'plan', 'credits', 'disable', 'delete'] as const)
    .map(verdict)
    .find((v) => !v.isAllowed);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

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
        <Row>
          <SelectField
            label="Role"
            className="min-w-40 flex-1"
            options={(verdict('role').isAllowed ? assignableRoles(actor.role) : [user.role]).map(
              (r) => ({ value: r, label: ROLE_LABELS[r] }),
            )}
            value={role}
            disabled={!verdict('role').isAllowed}
            onChange={(e) => setRole(e.target.value as TRole)}
          />
          {verdict('role').isAllowed && (
            <Button
              variant="secondary"
              isLoading={saveRole.isPending}
              disabled={role === user.role}
              onClick={() => saveRole.mutate(undefined)}
            >
              Save role
            </Button>
          )}
        </Row>
        <Row>
          <SelectField
            label="Plan"
            className="min-w-40 flex-1"
            options={PLAN_OPTIONS}
            value={plan}
            disabled={!verdict('plan').isAllowed}
            onChange={(e) => setPlan(e.target.value as TPlanId)}
          />
          <TextField
            label="For days"
            inputMode="numeric"
            className="w-28"
            value={duration}
            error={errors.duration}
            disabled={!verdict('plan').isAllowed}
            onChange={(e) => setDuration(e.target.value)}
          />
          {verdict('plan').isAllowed && (
            <Button variant="secondary" isLoading={savePlan.isPending} onClick={handlePlan}>
              Save plan
            </Button>
          )}
        </Row>
        <Row>
          <TextField
            label="Credits (new balance)"
            inputMode="numeric"
            className="min-w-40 flex-1"
            value={credits}
            error={errors.credits}
            disabled={!verdict('credits').isAllowed}
            onChange={(e) => setCredits(e.target.value)}
          />
          {verdict('credits').isAllowed && (
            <Button variant="secondary" isLoading={saveCredits.isPending} onClick={handleCredits}>
              Save credits
            </Button>
          )}
        </Row>
        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          {verdict('disable').isAllowed && (
            <Button
              variant="secondary"
              isLoading={toggleDisabled.isPending}
              onClick={() => toggleDisabled.mutate(undefined)}
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
        onConfirm={() => remove.mutate(undefined)}
      />
    </Dialog>
  );
}

function Row({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-end gap-3">{children}</div>;
}
