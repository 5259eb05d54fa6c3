import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { unreadCountQuery } from '../../lib/api/unread-count';
import { playMessageSound } from './message-sounds';

/** The bell's count; the chime plays when it grows. */
export function useUnreadCount(): number | undefined {
  const { data } = useQuery(unreadCountQuery);
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
