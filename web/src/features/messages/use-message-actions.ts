import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { deleteMessage } from '@stratum/core/contract/messages/delete-message';
import { getMessage } from '@stratum/core/contract/messages/get-message';
import { markAllRead } from '@stratum/core/contract/messages/mark-all-read';
import { markMessage } from '@stratum/core/contract/messages/mark-message';
import type { TMessage } from '@stratum/core/contract/messages/message';
import { callApi, isApiError } from '../../lib/api-client';
import { MESSAGES_KEY } from './messages-keys';

const failed = (what: string) => (error: unknown) => {
  toast.error(isApiError(error) ? error.message : what);
  return null;
};

/**
 * Open, mark, delete: each reloads every messages query, the bell's unread count included, so
 * the badge follows at once.
 */
export function useMessageActions() {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
    [queryClient],
  );

  const open = async (message: TMessage): Promise<TMessage | null> => {
    const opened = await callApi(getMessage, { params: { id: message.id } })
      .then((r) => r.data.message)
      .catch(failed('The message could not be opened'));
    if (opened && message.box === 'inbox' && !message.isRead) await refresh();
    return opened;
  };

  const setRead = async (message: TMessage, isRead: boolean): Promise<boolean> => {
    const ok = await callApi(markMessage, { params: { id: message.id }, body: { isRead } })
      .then(() => true)
      .catch(failed('The message could not be marked'));
    await refresh();
    return ok === true;
  };

  const remove = async (message: TMessage): Promise<boolean> => {
    const ok = await callApi(deleteMessage, { params: { id: message.id } })
      .then(() => true)
      .catch(failed('The message could not be deleted'));
    if (ok) toast.success('Message deleted');
    await refresh();
    return ok === true;
  };

  const readAll = async () => {
    const result = await callApi(markAllRead).catch(failed('Messages could not be marked read'));
    if (result) toast.success(`${result.data.updated} messages marked read`);
    await refresh();
  };

  return { open, setRead, remove, readAll, refresh };
}
