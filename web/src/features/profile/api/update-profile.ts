import { useMutation } from '@tanstack/react-query';
import { updateProfile, type TUpdateProfileBody } from '@stratum/core/contract/auth/update-profile';
import { callApi } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/** PUT /api/auth/profile; the saved user replaces the stored one (header, menu, greeting). */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: TUpdateProfileBody) => callApi(updateProfile, { body }),
    onSuccess: ({ user }) => session.updateUser(user),
  });
}
