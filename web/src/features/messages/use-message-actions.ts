import { toast } from 'sonner';
import type { TMessage } from '@stratum/core/contract/messages/message';
import { isApiError } from '../../lib/api-client';
import { useDeleteMessage, useMarkAllRead, useMarkMessage, useOpenMessage } from './api/messages';

const failed = (what: string) => (error: unknown) => {
  toast.error(isApiError(error) ? error.message : what);
  return null;
};

/** Open, mark, delete, read all: the toasts of each; the api hooks reload the lists. */
export function useMessageActions() {
  const openMessage = useOpenMessage();
  const markMessage = useMarkMessage();
  const deleteMessage = useDeleteMessage();
  const markAll = useMarkAllRead();

  const open = (message: TMessage): Promise<TMessage | null> =>
    openMessage
      .mutateAsync(message.id)
      .then((r) => r.data.message)
      .catch(failed('The message could not be opened'));

  const setRead = async (message: TMessage, isRead: boolean): Promise<boolean> => {
    const ok = await markMessage
      .mutateAsync({ id: message.id, isRead })
      .then(() => true)
      .catch(failed('The message could not be marked'));
    return ok === true;
  };

  const remove = async (message: TMessage): Promise<boolean> => {
    const ok = await deleteMessage
      .mutateAsync(message.id)
      .then(() => true)
      .catch(failed('The message could not be deleted'));
    if (ok) toast.success('Message deleted');
    return ok === true;
  };

  const readAll = async () => {
    const result = await markAll.mutateAsync().catch(failed('Messages could not be marked read'));
    if (result) toast.success(`${result.data.updated} messages marked read`);
  };

  return { open, setRead, remove, readAll };
}
