import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Bell, BellOff, Lock, Pin, Shield } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { FORUM_POSTS_PAGE_SIZE } from '@stratum/core/forums/rules';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuSeparator,
  MenuTrigger,
} from '../../components/menu';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { isApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { categoriesQuery, threadQuery, useReply, useSetSubscription } from './api/forums';
import { Composer } from './composer';
import { failed, PostCard } from './post-card';
import { ReasonDialog } from './reason-dialog';
import { useModerationDialogs } from './use-moderation-dialogs';

export interface ThreadViewProps {
  threadId: string;
  onBack: () => void;
}

/** A thread: its posts, reply box, follow toggle and, for moderators, the moderation menu. */
export function ThreadView({ threadId, onBack }: ThreadViewProps) {
  const user = useCurrentUser();
  const [page, setPage] = useState(1);
  const [reply, setReply] = useState('');
  const result = useQuery(threadQuery(threadId, page));
  const categories = useQuery(categoriesQuery);
  const sendReply = useReply();
  const subscribe = useSetSubscription();
  const dialogs = useModerationDialogs(onBack);
  const data = result.data?.data;
  useDocumentTitle(data?.thread.title ?? 'Forums');

  if (result.isPending) return <Spinner className="mx-auto size-6" />;
  if (!data) {
    return (
      <div className="space-y-3">
        <BackButton onBack={onBack} />
        <p className="text-sm text-slate-700">
          {isApiError(result.error) ? result.error.message : 'The thread could not be loaded'}
        </p>
      </div>
    );
  }
  const { thread, posts } = data;

  const handleReply = async () => {
    if (!reply.trim()) return;
    const ok = await sendReply
      .mutateAsync({ threadId, body: reply })
      .catch(failed('The reply could not be posted'));
    if (ok) {
      setReply('');
      toast.success('Reply posted');
    }
  };

  return (
    <div className="space-y-4">
      <BackButton onBack={onBack} />
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-bold tracking-tight break-words text-slate-900 sm:text-2xl">
            {thread.title}
          </h1>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <Badge tone="brand">{thread.category.name}</Badge>
            {thread.isPinned && (
              <Badge>
                <Pin className="mr-1 inline size-3" aria-hidden="true" />
                Pinned
              </Badge>
            )}
            {thread.isLocked && (
              <Badge tone="warning">
                <Lock className="mr-1 inline size-3" aria-hidden="true" />
                Locked
              </Badge>
            )}
            {thread.isHidden && <Badge tone="warning">Hidden</Badge>}
          </div>
        </div>
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              void subscribe
                .mutateAsync({ threadId, isSubscribed: !thread.isSubscribed })
                .then(() =>
                  toast.success(
                    thread.isSubscribed
                      ? 'Stopped following'
                      : 'Following: you will get a message for new replies',
                  ),
                )
                .catch(failed('That did not work'))
            }
          >
            {thread.isSubscribed ? (
              <BellOff className="size-4" aria-hidden="true" />
            ) : (
              <Bell className="size-4" aria-hidden="true" />
            )}
            {thread.isSubscribed ? 'Unfollow' : 'Follow'}
          </Button>
          {thread.canModerate && (
            <Menu>
              <MenuTrigger asChild>
                <Button variant="secondary" size="sm">
                  <Shield className="size-4" aria-hidden="true" />
                  Moderate
                </Button>
              </MenuTrigger>
              <MenuContent align="end">
                <MenuItem onSelect={() => dialogs.toggleThread(thread, 'pin')}>
                  {thread.isPinned ? 'Unpin thread' : 'Pin thread'}
                </MenuItem>
                <MenuItem onSelect={() => dialogs.toggleThread(thread, 'lock')}>
                  {thread.isLocked ? 'Unlock thread' : 'Lock thread'}
                </MenuItem>
                <MenuItem onSelect={() => dialogs.toggleThread(thread, 'hideThread')}>
                  {thread.isHidden ? 'Show thread' : 'Hide thread'}
                </MenuItem>
                <MenuSeparator />
                <MenuLabel>Move to</MenuLabel>
                {(categories.data?.data.categories ?? [])
                  .filter((c) => c.id !== thread.category.id)
                  .map((c) => (
                    <MenuItem key={c.id} onSelect={() => dialogs.move(thread, c.id)}>
                      {c.name}
                    </MenuItem>
                  ))}
                <MenuSeparator />
                <MenuItem className="text-red-700" onSelect={() => dialogs.deleteThread(thread)}>
                  Delete thread
                </MenuItem>
              </MenuContent>
            </Menu>
          )}
        </div>
      </header>

      <ol className="space-y-3" aria-label="Posts">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard
              post={post}
              isOwn={post.author.id === user.id}
              canEdit={thread.canReply}
              canModerate={thread.canModerate}
              onReport={dialogs.reportPost}
              onHide={dialogs.hidePost}
              onDelete={dialogs.deletePost}
            />
          </li>
        ))}
      </ol>
      <Pagination
        page={page}
        pageSize={FORUM_POSTS_PAGE_SIZE}
        total={data.totalPosts}
        onPageChange={setPage}
        label="posts"
      />

      {thread.canReply ? (
        <section aria-label="Reply" className="rounded-lg border border-slate-200 bg-white p-4">
          {thread.isLocked && (
            <p className="mb-2 text-xs text-amber-800">Locked: only moderators can reply.</p>
          )}
          <Composer label="Your reply" value={reply} onChange={setReply} rows={5} />
          <div className="mt-2 flex justify-end">
            <Button
              isLoading={sendReply.isPending}
              disabled={!reply.trim()}
              onClick={() => void handleReply()}
            >
              Post reply
            </Button>
          </div>
        </section>
      ) : (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <Lock className="mr-1 inline size-4" aria-hidden="true" />
          This thread is locked: it takes no new replies.
        </p>
      )}
      <ReasonDialog request={dialogs.request} onClose={dialogs.close} />
    </div>
  );
}

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onBack}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      All threads
    </Button>
  );
}
