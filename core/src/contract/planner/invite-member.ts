import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZInviteMemberInput, ZProjectInvitation, ZProjectMember } from './members';
import { ZProjectParams } from './project';

export const ZInviteMemberResponse = z.object({
  success: z.literal(true),
  data: z.object({
    /** The new member, when the address has an account. */
    member: ZProjectMember.nullable(),
    /** The pending invitation, when it has none yet (applied when it signs up). */
    invitation: ZProjectInvitation.nullable(),
  }),
});
export type TInviteMemberResponse = z.infer<typeof ZInviteMemberResponse>;

/**
 * The owner shares the project with someone by e-mail, as editor or viewer. An account gets a
 * message and a mail and has access at once; an address with none gets a mail asking it to sign
 * up, and access once it has signed up and verified that address.
 */
export const inviteMember = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:id/members',
  summary: 'Share a project with someone by e-mail, as editor or viewer (owner only)',
  auth: true,
  params: ZProjectParams,
  body: ZInviteMemberInput,
  response: ZInviteMemberResponse,
  audit: { action: 'projects.invite', target: 'project' },
});
