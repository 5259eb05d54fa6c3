import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelInvitation } from '@stratum/core/contract/planner/cancel-invitation';
import { inviteMember } from '@stratum/core/contract/planner/invite-member';
import { listMembers } from '@stratum/core/contract/planner/list-members';
import type { TMemberRole } from '@stratum/core/contract/planner/members';
import { removeMember } from '@stratum/core/contract/planner/remove-member';
import { updateMember } from '@stratum/core/contract/planner/update-member';
import { callApi } from '../../../lib/api-client';
import { PROJECTS_QUERY_KEY } from '../../../lib/api/projects';
import { plannerKeys } from './keys';

export const membersKey = (projectId: string) =>
  [...plannerKeys.project(projectId), 'members'] as const;

/** GET /api/projects/:id/members: the owner, the members and (for the owner) invitations. */
export const membersQuery = (projectId: string) =>
  queryOptions({
    queryKey: membersKey(projectId),
    queryFn: ({ signal }) => callApi(listMembers, { params: { id: projectId }, signal }),
    select: (response) => response.data,
  });

/** Every membership change refreshes the members and the project list (roles, shared badges). */
function useMembershipMutation<TInput, TResult>(
  projectId: string,
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY, exact: true }),
      ]),
  });
}

export function useInviteMember(projectId: string) {
  return useMembershipMutation(projectId, (body: { email: string; role: TMemberRole }) =>
    callApi(inviteMember, { params: { id: projectId }, body }),
  );
}

export function useUpdateMember(projectId: string) {
  return useMembershipMutation(projectId, (input: { userId: string; role: TMemberRole }) =>
    callApi(updateMember, {
      params: { id: projectId, userId: input.userId },
      body: { role: input.role },
    }),
  );
}

/** Removes a member (owner), or leaves the project (one's own id). */
export function useRemoveMember(projectId: string) {
  return useMembershipMutation(projectId, (userId: string) =>
    callApi(removeMember, { params: { id: projectId, userId } }),
  );
}

export function useCancelInvitation(projectId: string) {
  return useMembershipMutation(projectId, (invitationId: string) =>
    callApi(cancelInvitation, { params: { id: projectId, invitationId } }),
  );
}
