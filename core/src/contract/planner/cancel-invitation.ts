import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZInvitationParams } from './members';

export const ZCancelInvitationResponse = z.object({ success: z.literal(true) });

/** The owner withdraws an invitation to an address that has not signed up yet. */
export const cancelInvitation = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:id/invitations/:invitationId',
  summary: 'Cancel a pending invitation (owner only)',
  auth: true,
  params: ZInvitationParams,
  response: ZCancelInvitationResponse,
  audit: { action: 'projects.invitation_cancel', target: 'project' },
});
