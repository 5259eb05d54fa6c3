import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { TMessage, TMessageBox } from '@stratum/core/contract/messages/message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/tabs';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ComposeDialog, type ReplyTarget } from './compose-dialog';
import { MailboxList } from './mailbox-list';
import { MessagesHeader } from './messages-header';
import { MessageView } from './message-view';
import { messagesQuery } from './api/messages';
import { quoteBody, replySubject } from './messages-keys';
import { useMessageActions } from './use-message-actions';

const PAGE_SIZE = 20;
type Compose = { reply: ReplyTarget | null } | null;

/** Inbox and sent box; read, reply, compose to a user or to staff, delete. */
export function MessagesPage() {
  useDocumentTitle('Messages');
  const [box, setBox] = useState<TMessageBox>('inbox');
  const [isUnreadOnly, setIsUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<TMessage | null>(null);
  const [compose, setCompose] = useState<Compose>(null);
  const [deleting, setDeleting] = useState<TMessage | null>(null);
  const actions = useMessageActions();
  const query = {
    box,
    page: String(page),
    pageSize: String(PAGE_SIZE),
    ...(box === 'inbox' && isUnreadOnly ? { unreadOnly: 'true' } : {}),
  };
  const result = useQuery(messagesQuery(query));

  const handleOpen = async (message: TMessage) => {
    setSelected(message);
    const opened = await actions.open(message);
    if (opened) setSelected(opened);
  };
  const handleToggleRead = (message: TMessage) =>
    void actions.setRead(message, !message.isRead).then((ok) => {
      if (ok) setSelected({ ...message, isRead: !message.isRead });
    });
  const handleBox = (next: string) => {
    setBox(next as TMessageBox);
    setPage(1);
    setSelected(null);
  };
  const reply = (m: TMessage): ReplyTarget | null =>
    m.box === 'inbox' && m.kind === 'direct' && m.sender.id
      ? {
          userId: m.sender.id,
          name: m.sender.name,
          subject: replySubject(m.subject),
          body: quoteBody(m.sender.name, m.body),
          replyToId: m.id,
        }
      : null;
  const unread = result.data?.data.unreadCount ?? 0;

  return (
    <div className="space-y-5">
      <MessagesHeader
        unread={unread}
        onReadAll={() => void actions.readAll()}
        onCompose={() => setCompose({ reply: null })}
      />
      <Tabs value={box} onValueChange={handleBox}>
        <TabsList aria-label="Mailboxes">
          <TabsTrigger value="inbox">Inbox{unread > 0 ? ` (${unread})` : ''}</TabsTrigger>
          <TabsTrigger value="sent">Sent</TabsTrigger>
        </TabsList>
        {(['inbox', 'sent'] as const).map((value) => (
          <TabsContent key={value} value={value}>
            {value === box && (
              <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
                <MailboxList
                  box={box}
                  result={result}
                  selected={selected}
                  isUnreadOnly={isUnreadOnly}
                  onUnreadOnlyChange={(isChecked) => {
                    setIsUnreadOnly(isChecked);
                    setPage(1);
                  }}
                  onOpen={(m) => void handleOpen(m)}
                  onPageChange={setPage}
                />
                {selected ? (
                  <MessageView
                    message={selected}
                    onBack={() => setSelected(null)}
                    onReply={reply(selected) ? () => setCompose({ reply: reply(selected) }) : null}
                    onToggleRead={
                      selected.box === 'inbox' ? () => handleToggleRead(selected) : null
                    }
                    onDelete={() => setDeleting(selected)}
                  />
                ) : (
                  <p className="hidden rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 lg:block">
                    Choose a message to read it.
                  </p>
                )}
              </div>
            )}
          </TabsContent>
        ))}
      </Tabs>
      {compose && (
        <ComposeDialog
          reply={compose.reply}
          onClose={() => setCompose(null)}
          onSent={() => {
            toast.success('Message sent');
            setCompose(null);
          }}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        title="Delete this message?"
        description="It is removed from your mailbox; the other side keeps their copy."
        confirmLabel="Delete message"
        isDanger
        onConfirm={() => {
          const target = deleting;
          setDeleting(null);
          if (target)
            void actions.remove(target).then((ok) => {
              if (ok) setSelected(null);
            });
        }}
      />
    </div>
  );
}
