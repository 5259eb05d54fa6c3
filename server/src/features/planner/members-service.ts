import {
  MAX_PROJECT_MEMBERS,
  type TMemberRole,
  type TProjectMembers,
} from '@stratum/core/contract/planner/members';
import { PLANNER_MSG } from '@stratum/core/contract/planner/planner-messages';
import type { Db } from '../../db/database';
import { auditNothingChanged, writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { throttle } from '../../lib/throttle';
import { requireProject, requireRole, type Actor, type PlannerDeps } from './context';
import { notifyMembers } from './live';
import { projectMemberIds } from './membership';
import { findProject } from './repository';
import * as repo from './members-repository';
import { presentInvitation, presentMember } from './presenters';

/** Invitations a user may send a minute: each one mails someone. */
const INVITES_PER_MINUTE = 20;

const memberNotFound = () => new AppError('planner/member_not_found', PLANNER_MSG.memberNotFound);
const roleWord = (role: TMemberRole) => (role === 'editor' ? 'an editor' : 'a viewer');

/**
 * Sharing a project: the owner invites by e-mail, changes roles, removes members and cancels
 * invitations; every member sees who has access and may leave. See docs/shared-projects.md.
 */
export class MembersService {
  constructor(private readonly deps: PlannerDeps) {}

  async list(userId: string, projectId: string): Promise<TProjectMembers> {
    const { db } = this.deps;
    const project = await requireProject(db, userId, projectId);
    const [members, invitations] = await Promise.all([
      repo.listMembers(db, projectId),
      project.role === 'owner' ? repo.listInvitations(db, projectId) : Promise.resolve([]),
    ]);
    return {
      projectId,
      owner: { id: project.user_id, name: project.owner_name, email: project.owner_email },
      members: members.map(presentMember),
      invitations: invitations.map(presentInvitation),
      myRole: project.role,
    };
  }

  async invite(actor: Actor, projectId: string, input: { email: string; role: TMemberRole }) {
    const { db } = this.deps;
    const project = await requireProject(db, actor.id, projectId, { owner: 'share it' });
    await throttle(this.deps.shared, `planner-invite:${actor.id}`, INVITES_PER_MINUTE);
    const email = input.email.toLowerCase();
    if (email === project.owner_email.toLowerCase()) {
      throw new AppError('planner/invalid_member', PLANNER_MSG.inviteSelf);
    }
    if ((await repo.countSharing(db, projectId)) >= MAX_PROJECT_MEMBERS) {
      throw new AppError('planner/invalid_member', PLANNER_MSG.memberLimit(MAX_PROJECT_MEMBERS));
    }
    const user = await repo.findUserByEmail(db, email);
    if (user?.disabled_at) {
      throw new AppError('planner/invalid_member', PLANNER_MSG.inviteDisabled(email));
    }
    const mail = {
      inviterName: actor.name,
      inviterEmail: actor.email,
      projectName: project.name,
      role: input.role,
      appUrl: `${this.deps.publicUrl}/dashboard`,
    };
    if (!user) return this.invitePending(actor, project.id, email, input.role, mail);

    const added = await db.transaction().execute(async (trx) => {
      const row = await repo.insertMember(trx, {
        projectId,
        userId: user.id,
        role: input.role,
        invitedBy: actor.id,
      });
      if (!row) return undefined;
      await this.deps.inbox.sendSystem(
        trx,
        { id: user.id, firstName: user.first_name, lastName: user.last_name },
        {
          subject: `${mail.inviterName} shared the project ${project.name} with you`,
          body: `${mail.inviterName} (${actor.email}) shared the project "${project.name}" with you as ${roleWord(input.role)}. It is in your project list on the Dashboard.`,
        },
      );
      await writeAudit(trx, actor, {
        action: 'projects.invite',
        targetType: 'project',
        targetId: projectId,
        after: { userId: user.id, email: user.email, role: input.role },
      });
      return row;
    });
    if (!added) {
      const existing = await repo.findMember(db, projectId, user.id);
      throw new AppError(
        'planner/member_exists',
        PLANNER_MSG.alreadyMember(email, existing?.role ?? input.role),
      );
    }
    this.mail(user.email, {
      ...mail,
      greetingName: user.first_name,
      nextStep: 'It is in your project list on the Stratum Dashboard.',
    });
    await notifyMembers(this.deps, projectId, actor.id, 'members');
    const member = await repo.findMember(db, projectId, user.id);
    if (!member) throw memberNotFound();
    return { member: presentMember(member), invitation: null };
  }

  /** No account has this address: keep the invitation until one signs up and verifies it. */
  private async invitePending(
    actor: Actor,
    projectId: string,
    email: string,
    role: TMemberRole,
    mail: Record<string, string>,
  ) {
    const invitation = await this.deps.db.transaction().execute(async (trx) => {
      const row = await repo.insertInvitation(trx, { projectId, email, role, invitedBy: actor.id });
      if (!row) return undefined;
      await writeAudit(trx, actor, {
        action: 'projects.invite',
        targetType: 'project',
        targetId: projectId,
        after: { email, role, pending: true },
      });
      return row;
    });
    if (!invitation) throw new AppError('planner/member_exists', PLANNER_MSG.alreadyInvited(email));
    this.mail(email, {
      ...mail,
      greetingName: 'there',
      appUrl: `${this.deps.publicUrl}/`,
      nextStep:
        'Create your Stratum account with this e-mail address within 30 days: once it is verified, the project appears in your project list.',
    });
    return { member: null, invitation: presentInvitation(invitation) };
  }

  async updateRole(actor: Actor, projectId: string, userId: string, role: TMemberRole) {
    const { db } = this.deps;
    const project = await requireProject(db, actor.id, projectId, { owner: 'change roles' });
    const before = await repo.findMember(db, projectId, userId);
    if (!before) throw memberNotFound();
    if (before.role !== role) {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.updateRole(trx, projectId, userId, role))) throw memberNotFound();
        await this.deps.inbox.sendSystem(
          trx,
          { id: userId, firstName: before.first_name, lastName: before.last_name },
          {
            subject: `You are now ${roleWord(role)} of ${project.name}`,
            body: `${actor.email} made you ${roleWord(role)} of the project "${project.name}".`,
          },
        );
        await writeAudit(trx, actor, {
          action: 'projects.member_role',
          targetType: 'project',
          targetId: projectId,
          before: { userId, role: before.role },
          after: { userId, role },
        });
      });
      await notifyMembers(this.deps, projectId, actor.id, 'members');
    } else {
      auditNothingChanged('the member has this role already');
    }
    return { member: presentMember({ ...before, role }) };
  }

  /** The owner removes a member, or a member leaves (their own id). The owner cannot leave. */
  async remove(actor: Actor, projectId: string, userId: string) {
    const { db } = this.deps;
    const leaving = userId === actor.id;
    const project = await requireProject(
      db,
      actor.id,
      projectId,
      leaving ? 'read' : { owner: 'remove members' },
    );
    if (leaving && project.role === 'owner') {
      throw new AppError(
        'planner/invalid_member',
        'You own this project, so you cannot leave it. Delete it instead.',
      );
    }
    const member = await repo.findMember(db, projectId, userId);
    if (!member) throw memberNotFound();
    const everyone = await projectMemberIds(db, projectId);
    await db.transaction().execute(async (trx) => {
      if (!(await repo.deleteMember(trx, projectId, userId))) throw memberNotFound();
      if (!leaving) {
        await this.deps.inbox.sendSystem(
          trx,
          { id: userId, firstName: member.first_name, lastName: member.last_name },
          {
            subject: `You no longer have access to ${project.name}`,
            body: `${actor.email} removed you from the project "${project.name}".`,
          },
        );
      }
      await writeAudit(trx, actor, {
        action: 'projects.member_remove',
        targetType: 'project',
        targetId: projectId,
        before: { userId, email: member.email, role: member.role },
        after: { left: leaving },
      });
    });
    await notifyMembers(this.deps, projectId, actor.id, 'members', everyone);
  }

  async cancelInvitation(actor: Actor, projectId: string, id: string) {
    const { db } = this.deps;
    await requireRole(db, actor.id, projectId, { owner: 'cancel invitations' });
    await db.transaction().execute(async (trx) => {
      const removed = await repo.deleteInvitation(trx, projectId, id);
      if (!removed) {
        throw new AppError('planner/member_not_found', PLANNER_MSG.invitationNotFound);
      }
      await writeAudit(trx, actor, {
        action: 'projects.invitation_cancel',
        targetType: 'project',
        targetId: projectId,
        before: { invitationId: id, email: removed.email, role: removed.role },
      });
    });
  }

  /**
   * Applies the invitations waiting for the user's address (they signed up after being
   * invited): the projects then appear in their list. Runs when they list their projects.
   */
  async claim(actor: Actor): Promise<void> {
    const { db } = this.deps;
    if (!(await repo.hasInvitations(db, actor.email))) return;
    const joined = await db.transaction().execute(async (trx) => {
      const rows = await repo.claimInvitations(trx, actor.id, actor.email);
      for (const row of rows) {
        await writeAudit(trx, actor, {
          action: 'projects.invitation_accept',
          targetType: 'project',
          targetId: row.project_id,
          after: { userId: actor.id, role: row.role },
        });
        await this.tellInviter(trx, row, actor);
      }
      return rows;
    });
    for (const row of joined) await notifyMembers(this.deps, row.project_id, actor.id, 'members');
  }

  /** The one who invited an address hears that its new account joined. */
  private async tellInviter(
    trx: Db,
    invitation: { project_id: string; invited_by: string | null },
    joined: Actor,
  ): Promise<void> {
    const inviter = invitation.invited_by && (await repo.findUser(trx, invitation.invited_by));
    const project = await findProject(trx, invitation.project_id);
    if (!inviter || !project) return;
    await this.deps.inbox.sendSystem(
      trx,
      { id: inviter.id, firstName: inviter.first_name, lastName: inviter.last_name },
      {
        subject: `${joined.name || joined.email} joined ${project.name}`,
        body: `${joined.name || joined.email} (${joined.email}) signed up and now has access to the project "${project.name}" you shared with them.`,
      },
    );
  }

  private mail(to: string, vars: Record<string, string>): void {
    this.deps.mailer.sendTemplate(to, 'project_invitation', vars).catch((error: unknown) => {
      this.deps.log.warn({ err: error, template: 'project_invitation' }, 'mail could not be sent');
    });
  }
}
