import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { logout } from '@stratum/core/contract/auth/logout';
import { callApi } from '../../lib/api-client';
import { session } from '../../lib/session';

/** POST /api/auth/logout, then forget the session locally whatever the answer. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await callApi(logout, { timeoutMs: 5000 });
    } catch {
      // Already revoked or unreachable: signing out locally is still right.
    }
    queryClient.clear();
    session.end({ redirectTo: '/auth' });
  }, [queryClient]);
}
