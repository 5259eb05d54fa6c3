import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { TMemberRole, TProjectMember } from '@stratum/core/contract/planner/members';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormMessage } from '../../components/form-message';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import {
  membersQuery,
  useCancelInvitation,
  useInviteMember,
  useRemoveMember,
  useUpdateMember,
} from './api/members';

const ROLE_OPTIONS = [
  { value: 'editor', label: 'Can edit' },
  { value: 'viewer', label: 'Can view' },
] as const;
const ROLE_LABEL = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' } as const;

export interface MembersDialogProps {
  projectId: string;
  projectName: string;
  currentUserId: string;
  onOpenChange: (isOpen: boolean) => void;
  /** The current user left the project. */
  onLeft: () => void;
}

/** Share: who has access to the project; the owner invites, changes roles and removes. */
export function MembersDialog(props: MembersDialogProps) {
  const { projectId, projectName, currentUserId, onOpenChange } = props;
  const members = useQuery(membersQuery(projectId));
  const isOwner = members.data?.myRole === 'owner';
  return (
    <Dialog
      isOpen
      onOpenChange={onOpenChange}
      title={`Share “${projectName}”`}
      description="Editors change the design, take and restore snapshots, generate and deploy. Viewers see everything and can make their own copy. Only the owner shares, deletes and removes snapshots."
      className="w-[min(36rem,calc(100vw-2rem))]"
    >
      {isOwner && <InviteForm projectId={projectId} />}
      {members.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" /> Loading members…
        </p>
      )}
      {members.isError && <FormMessage>{members.error.message}</FormMessage>}
      {members.data && (
        <section aria-labelledby="members-heading" className="mt-5">
          <h3 id="members-heading" className="text-sm font-semibold text-slate-900">
            People with access
          </h3>
          <ul className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200">
            <li className="flex flex-wrap items-center gap-2 px-3 py-2">
              <Person name={members.data.owner.name} email={members.data.owner.email} />
              <Badge tone="brand">Owner</Badge>
            </li>
            {members.data.members.map((m) => (
              <MemberRow
                key={m.userId}
                member={m}
                projectId={projectId}
                isOwner={isOwner}
                isMe={m.userId === currentUserId}
                onLeft={props.onLeft}
              />
            ))}
          </ul>
          {members.data.members.length === 0 && (
            <p className="mt-2 text-sm text-slate-600">Not shared with anyone yet.</p>
          )}
          {members.data.invitations.length > 0 && (
            <Invitations projectId={projectId} invitations={members.data.invitations} />
          )}
        </section>
      )}
    </Dialog>
  );
}

function Person({ name, email }: { name: string; email: string }) {
  return (
    // At least 10rem: on a phone the role and Remove wrap below rather than cut the name.
    <span className="min-w-40 flex-1">
      <span className="block truncate text-sm font-medium text-slate-900">{name || email}</span>
      <span className="block truncate text-xs text-slate-600">{email}</span>
    </span>
  );
}

function InviteForm({ projectId }: { projectId: string }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TMemberRole>('editor');
  const invite = useInviteMember(projectId);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email, role },
      {
        onSuccess: (r) => {
          setEmail('');
          toast.success(
            r.data.member
              ? `Shared with ${r.data.member.name || r.data.member.email}`
              : `Invitation sent to ${email}: they get access once they sign up with it`,
          );
        },
      },
    );
  };
  return (
    <form onSubmit={handleSubmit} aria-label="Invite someone" className="space-y-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          label="E-mail address"
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="min-w-0 flex-1"
        />
        <SelectField
          label="Role"
          options={ROLE_OPTIONS}
          value={role}
          onChange={(e) => setRole(e.target.value as TMemberRole)}
          className="sm:w-32"
        />
        <Button type="submit" disabled={invite.isPending || email.trim() === ''}>
          <UserPlus className="size-4" aria-hidden="true" /> Invite
        </Button>
      </div>
      {invite.error && <FormMessage>{invite.error.message}</FormMessage>}
    </form>
  );
}

interface MemberRowProps {
  member: TProjectMember;
  projectId: string;
  isOwner: boolean;
  isMe: boolean;
  onLeft: () => void;
}

function MemberRow({ member, projectId, isOwner, isMe, onLeft }: MemberRowProps) {
  const update = useUpdateMember(projectId);
  const remove = useRemoveMember(projectId);
  const label = member.name || member.email;
  // The row is gone once the list refetches, so the outcome is read from the promise
  // (mutate's own callbacks would not run after the row unmounts).
  const handleRemove = () =>
    remove.mutateAsync(member.userId).then(
      () => {
        if (isMe) {
          toast.success('You left the project');
          onLeft();
        } else toast.success(`${label} no longer has access`);
      },
      (e: Error) => toast.error(e.message),
    );
  return (
    <li className="flex flex-wrap items-center gap-2 px-3 py-2">
      <Person name={member.name} email={member.email} />
      {isOwner ? (
        <select
          aria-label={`Role of ${label}`}
          value={member.role}
          disabled={update.isPending}
          onChange={(e) =>
            update.mutate(
              { userId: member.userId, role: e.target.value as TMemberRole },
              { onError: (error) => toast.error(error.message) },
            )
          }
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
        >
          {ROLE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <Badge>{ROLE_LABEL[member.role]}</Badge>
      )}
      {(isOwner || isMe) && (
        <Button
          variant="secondary"
          size="sm"
          disabled={remove.isPending}
          onClick={() => void handleRemove()}
          aria-label={isMe ? 'Leave this project' : `Remove ${label}`}
        >
          {isMe ? 'Leave' : 'Remove'}
        </Button>
      )}
    </li>
  );
}

function Invitations(props: {
  projectId: string;
  invitations: { id: string; email: string; role: TMemberRole; expiresAt: string }[];
}) {
  const cancel = useCancelInvitation(props.projectId);
  return (
    <>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Waiting for sign-up</h3>
      <ul className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200">
        {props.invitations.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm text-slate-900">{i.email}</span>
              <span className="block text-xs text-slate-600">
                {ROLE_LABEL[i.role]} · invitation valid until {i.expiresAt.slice(0, 10)}
              </span>
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(i.id, { onError: (e) => toast.error(e.message) })}
              aria-label={`Cancel the invitation of ${i.email}`}
            >
              Cancel
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
