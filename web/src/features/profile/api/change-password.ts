import { useMutation } from '@tanstack/react-query';
import {
  changePassword,
  type TChangePasswordBody,
} from '@stratum/core/contract/auth/change-password';
import { callApi } from '../../../lib/api-client';

/** POST /api/auth/change-password; the server signs the other sessions out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: TChangePasswordBody) => callApi(changePassword, { body }),
  });
}
