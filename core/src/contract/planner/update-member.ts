import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZMemberParams, ZProjectMember, ZUpdateMemberInput } from './members';

export const ZUpdateMemberResponse = z.object({
  success: z.literal(true),
  data: z.object({ member: ZProjectMember }),
});

/** The owner changes a member's role. */
export const updateMember = defineEndpoint({
  method: 'PATCH',
  path: '/api/projects/:id/members/:userId',
  summary: "Change a member's role (owner only)",
  auth: true,
  params: ZMemberParams,
  body: ZUpdateMemberInput,
  response: ZUpdateMemberResponse,
  audit: { action: 'projects.member_role', target: 'project' },
});
