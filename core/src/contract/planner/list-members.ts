import { defineEndpoint } from '../endpoint';
import { ZProjectMembersResponse } from './members';
import { ZProjectParams } from './project';

/** Who has access to the project: any member may see it (not a member: 404). */
export const listMembers = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:id/members',
  summary: "A project's owner, members and (to the owner) pending invitations",
  auth: true,
  params: ZProjectParams,
  response: ZProjectMembersResponse,
});
