import { queryOptions } from '@tanstack/react-query';
import { getUnreadCount } from '@stratum/core/contract/messages/get-unread-count';
import { callApi } from '../api-client';

/** §9: the unread count is polled every 30 s. */
export const UNREAD_POLL_MS = 30_000;

/**
 * GET /api/messages/unread-count for the header's bell. Its key sits under `['messages']`, so
 * every change in the messages page (read, delete, send) refreshes the bell too.
 */
export const unreadCountQuery = queryOptions({
  queryKey: ['messages', 'unread-count'] as const,
  queryFn: ({ signal }) => callApi(getUnreadCount, { signal }),
  refetchInterval: UNREAD_POLL_MS,
  select: (response) => response.data.count,
});
