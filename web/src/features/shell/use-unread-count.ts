import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getUnreadCount } from '@stratum/core/contract/messages/get-unread-count';
import { callApi } from '../../lib/api-client';
import { playMessageSound } from './message-sounds';

/** §9: the unread count is polled every 30 s. */
export const UNREAD_POLL_MS = 30_000;

export function useUnreadCount(): number | undefined {
  const { data } = useQuery({
    queryKey: ['messages', 'unread-count'],
    queryFn: ({ signal }) => callApi(getUnreadCount, { signal }),
    refetchInterval: UNREAD_POLL_MS,
    select: (response) => response.data.count,
  });
  const previous = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (data !== undefined && previous.current !== undefined && data > previous.current) {
      playMessageSound();
    }
    previous.current = data;
  }, [data]);
  return data;
}

/** §2: the badge is capped at 99+. */
export function formatUnreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
