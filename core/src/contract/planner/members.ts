import { z } from 'zod';
import { zEmail, zString } from '../common';
import { ZProjectOwner, ZProjectParams } from './project';

/** The roles a project can be shared with; the owner is never a member row. */
export const MEMBER_ROLES = ['editor', 'viewer'] as const;
export const ZMemberRole = z.enum(MEMBER_ROLES, { message: 'Choose editor or viewer' });
export type TMemberRole = z.infer<typeof ZMemberRole>;

/** At most this many members and pending invitations per project, the owner not counted. */
export const MAX_PROJECT_MEMBERS = 50;

export const ZProjectMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: ZMemberRole,
  addedAt: z.string(),
});
export type TProjectMember = z.infer<typeof ZProjectMember>;

/** An invitation to an address with no account yet: applied when that account signs up. */
export const ZProjectInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: ZMemberRole,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TProjectInvitation = z.infer<typeof ZProjectInvitation>;

/** Everyone with access; pending invitations are listed to the owner only. */
export const ZProjectMembers = z.object({
  projectId: z.string(),
  owner: ZProjectOwner,
  members: z.array(ZProjectMember),
  invitations: z.array(ZProjectInvitation),
  myRole: z.enum(['owner', ...MEMBER_ROLES]),
});
export type TProjectMembers = z.infer<typeof ZProjectMembers>;

export const ZProjectMembersResponse = z.object({
  success: z.literal(true),
  data: ZProjectMembers,
});
export type TProjectMembersResponse = z.infer<typeof ZProjectMembersResponse>;

export const ZMemberParams = ZProjectParams.extend({ userId: zString(100).min(1) });
export const ZInvitationParams = ZProjectParams.extend({ invitationId: zString(100).min(1) });

export const ZInviteMemberInput = z.object({
  email: zEmail(),
  role: ZMemberRole,
});
export type TInviteMemberInput = z.input<typeof ZInviteMemberInput>;

export const ZUpdateMemberInput = z.object({ role: ZMemberRole });
export type TUpdateMemberInput = z.input<typeof ZUpdateMemberInput>;
