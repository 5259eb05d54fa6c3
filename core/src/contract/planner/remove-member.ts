import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZMemberParams } from './members';

export const ZRemoveMemberResponse = z.object({ success: z.literal(true) });

/** The owner removes a member, or a member leaves (their own user id). */
export const removeMember = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:id/members/:userId',
  summary: 'Remove a member (owner), or leave a project shared with you (your own id)',
  auth: true,
  params: ZMemberParams,
  response: ZRemoveMemberResponse,
  audit: { action: 'projects.member_remove', target: 'project' },
});
