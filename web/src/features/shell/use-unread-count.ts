import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { unreadCountQuery } from '../../lib/api/unread-count';
import { useLiveEvent } from '../../lib/live/live-provider';
import { playMessageSound } from './message-sounds';

/**
 * The bell's count; the chime plays when it grows. A new message arrives over the live channel
 * at once; the 30 s poll stays as the fallback.
 */
export function useUnreadCount(): number | undefined {
  const { data } = useQuery(unreadCountQuery);
  const queryClient = useQueryClient();
  // The whole messages key: the bell's count and an open inbox page refresh together.
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: [unreadCountQuery.queryKey[0]] });
  useLiveEvent('message-new', refresh);
  // A message sent while the socket was (re)connecting was announced to nobody: catch up.
  useLiveEvent('ready', refresh);
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
