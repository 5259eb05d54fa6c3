import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { session } from '../../lib/session';
import { submitLogout } from './api/logout';

/** POST /api/auth/logout, then forget the session locally whatever the answer. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await submitLogout();
    } catch {
      // Already revoked or unreachable: signing out locally is still right.
    }
    queryClient.clear();
    session.end({ redirectTo: '/auth' });
  }, [queryClient]);
}
