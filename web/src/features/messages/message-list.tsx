import clsx from 'clsx';
import type { TMessage, TMessageBox } from '@stratum/core/contract/messages/message';
import { formatDateTime } from '../../lib/format-date';

export interface MessageListProps {
  box: TMessageBox;
  messages: readonly TMessage[];
  selectedId: string | null;
  onOpen: (message: TMessage) => void;
}

/** The inbox or sent box, newest first; unread inbox messages stand out. */
export function MessageList({ box, messages, selectedId, onOpen }: MessageListProps) {
  if (messages.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
        {box === 'inbox' ? 'No messages in your inbox.' : 'You have not sent any message.'}
      </p>
    );
  }
  return (
    <ul
      aria-label={box === 'inbox' ? 'Inbox' : 'Sent messages'}
      className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white"
    >
      {messages.map((m) => {
        const isUnread = box === 'inbox' && !m.isRead;
        const who = box === 'inbox' ? m.sender.name : `To ${m.recipientLabel}`;
        return (
          <li key={m.id}>
            <button
              type="button"
              aria-current={m.id === selectedId ? 'true' : undefined}
              onClick={() => onOpen(m)}
              className={clsx(
                'block w-full px-4 py-3 text-left hover:bg-slate-50 focus-visible:-outline-offset-2',
                m.id === selectedId && 'bg-brand-50',
              )}
            >
              <span className="flex items-baseline justify-between gap-3">
                <span
                  className={clsx(
                    'truncate text-sm',
                    isUnread ? 'font-semibold text-slate-900' : 'text-slate-700',
                  )}
                >
                  {isUnread && (
                    <span
                      aria-hidden="true"
                      className="mr-1.5 inline-block size-2 rounded-full bg-brand-600"
                    />
                  )}
                  {who}
                  {m.kind === 'system' && <span className="text-xs text-slate-600"> · System</span>}
                </span>
                <span className="shrink-0 text-xs text-slate-600">
                  {formatDateTime(m.createdAt)}
                </span>
              </span>
              <span
                className={clsx(
                  'mt-0.5 block truncate text-sm',
                  isUnread ? 'font-semibold text-slate-900' : 'text-slate-800',
                )}
              >
                {isUnread && <span className="sr-only">Unread: </span>}
                {m.subject}
              </span>
              <span aria-hidden="true" className="mt-0.5 block truncate text-xs text-slate-600">
                {m.body}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
