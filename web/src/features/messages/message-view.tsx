import { ArrowLeft, Mail, MailOpen, Reply, Trash2 } from 'lucide-react';
import type { TMessage } from '@stratum/core/contract/messages/message';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { formatDateTime } from '../../lib/format-date';

export interface MessageViewProps {
  message: TMessage;
  onBack: () => void;
  onReply: (() => void) | null;
  onToggleRead: (() => void) | null;
  onDelete: () => void;
}

/** One message: who, when, the text, and what can be done with it. */
export function MessageView({
  message,
  onBack,
  onReply,
  onToggleRead,
  onDelete,
}: MessageViewProps) {
  const isInbox = message.box === 'inbox';
  return (
    <article
      aria-labelledby="message-subject"
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-5"
    >
      <Button variant="ghost" size="sm" className="-ml-2 mb-2 lg:hidden" onClick={onBack}>
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to the list
      </Button>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2
          id="message-subject"
          className="min-w-0 text-lg font-semibold break-words text-slate-900"
        >
          {message.subject}
        </h2>
        {message.kind === 'system' && <Badge tone="brand">System</Badge>}
        {message.kind === 'contact' && <Badge>Contact form</Badge>}
      </div>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-slate-600">From</dt>
        <dd className="break-words text-slate-900">
          {message.sender.name}
          {message.sender.email && (
            <span className="text-slate-600"> &lt;{message.sender.email}&gt;</span>
          )}
        </dd>
        <dt className="text-slate-600">To</dt>
        <dd className="text-slate-900">
          {message.recipientLabel}
          {message.recipientCount > 1 && ` (${message.recipientCount} people)`}
        </dd>
        <dt className="text-slate-600">Sent</dt>
        <dd className="text-slate-900">{formatDateTime(message.createdAt)}</dd>
        {!isInbox && (
          <>
            <dt className="text-slate-600">Read</dt>
            <dd className="text-slate-900">
              {message.readAt ? formatDateTime(message.readAt) : 'Not yet'}
            </dd>
          </>
        )}
      </dl>
      <div className="mt-4 border-t border-slate-100 pt-4 text-sm leading-6 break-words whitespace-pre-wrap text-slate-800">
        {message.body}
      </div>
      <div className="mt-5 flex flex-wrap gap-2">
        {onReply && (
          <Button size="sm" onClick={onReply}>
            <Reply className="size-4" aria-hidden="true" /> Reply
          </Button>
        )}
        {onToggleRead && (
          <Button size="sm" variant="secondary" onClick={onToggleRead}>
            {message.isRead ? (
              <Mail className="size-4" aria-hidden="true" />
            ) : (
              <MailOpen className="size-4" aria-hidden="true" />
            )}
            {message.isRead ? 'Mark as unread' : 'Mark as read'}
          </Button>
        )}
        <Button size="sm" variant="ghost" className="text-red-700" onClick={onDelete}>
          <Trash2 className="size-4" aria-hidden="true" /> Delete
        </Button>
      </div>
    </article>
  );
}
