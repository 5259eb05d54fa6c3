import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteMessage } from '@stratum/core/contract/messages/delete-message';
import { getMessage } from '@stratum/core/contract/messages/get-message';
import { listMessages } from '@stratum/core/contract/messages/list-messages';
import { markAllRead } from '@stratum/core/contract/messages/mark-all-read';
import { markMessage } from '@stratum/core/contract/messages/mark-message';
import { sendMessage, type TSendMessageBody } from '@stratum/core/contract/messages/send-message';
import { callApi } from '../../../lib/api-client';
import { MESSAGES_KEY, MESSAGES_POLL_MS } from './keys';

/** GET /api/messages: one page of a box, polled like the bell (§9, 30 s). */
export const messagesQuery = (query: Record<string, string>) =>
  queryOptions({
    queryKey: [...MESSAGES_KEY, 'list', query],
    queryFn: ({ signal }) => callApi(listMessages, { query, signal }),
    refetchInterval: MESSAGES_POLL_MS,
    placeholderData: keepPreviousData,
  });

/**
 * Every change reloads every messages query, the bell's unread count included, so the badge
 * follows at once.
 */
function useMessagesMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}

/** GET /api/messages/{id}: opening an inbox message marks it read. */
export const useOpenMessage = () =>
  useMessagesMutation((id: string) => callApi(getMessage, { params: { id } }));

/** PUT /api/messages/{id}/read. */
export const useMarkMessage = () =>
  useMessagesMutation(({ id, isRead }: { id: string; isRead: boolean }) =>
    callApi(markMessage, { params: { id }, body: { isRead } }),
  );

/** DELETE /api/messages/{id}: the caller's copy only. */
export const useDeleteMessage = () =>
  useMessagesMutation((id: string) => callApi(deleteMessage, { params: { id } }));

/** POST /api/messages/read-all. */
export const useMarkAllRead = () => useMessagesMutation(() => callApi(markAllRead));

/** POST /api/messages: to staff, to a user by email, or a reply. */
export const useSendMessage = () =>
  useMessagesMutation((body: TSendMessageBody) => callApi(sendMessage, { body }));
