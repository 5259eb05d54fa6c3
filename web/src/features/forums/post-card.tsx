import { EyeOff, Flag, MoreHorizontal, Pencil } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { TForumPost } from '@stratum/core/contract/forums/forum';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../components/menu';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { useEditPost, useToggleReaction } from './api/forums';
import { Composer } from './composer';
import { PostHtml } from './post-html';
import { ReactionsBar } from './reactions-bar';
import { formatCountdown, useSecondsLeft } from './use-edit-countdown';

export interface PostCardProps {
  post: TForumPost;
  isOwn: boolean;
  /** The author may edit (within the window) unless the thread is locked. */
  canEdit: boolean;
  canModerate: boolean;
  onReport: (post: TForumPost) => void;
  onHide: (post: TForumPost) => void;
  onDelete: (post: TForumPost) => void;
}

export const failed = (what: string) => (error: unknown) => {
  toast.error(isApiError(error) ? error.message : what);
  return null;
};

/** One post: author, time, the server's HTML, reactions, and what the viewer may do with it. */
export function PostCard({
  post,
  isOwn,
  canEdit,
  canModerate,
  onReport,
  onHide,
  onDelete,
}: PostCardProps) {
  const secondsLeft = useSecondsLeft(post.editableUntil);
  const [draft, setDraft] = useState<string | null>(null);
  const edit = useEditPost();
  const react = useToggleReaction();

  const save = async () => {
    if (draft === null) return;
    const ok = await edit
      .mutateAsync({ postId: post.id, body: draft })
      .catch(failed('The post could not be saved'));
    if (ok) setDraft(null);
  };

  return (
    <article
      aria-label={`Post by ${post.author.name}`}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-xs"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold text-slate-900">{post.author.name}</span>
          <time className="text-slate-600" dateTime={post.createdAt}>
            {formatDateTime(post.createdAt)}
          </time>
          {post.editedAt && <span className="text-xs text-slate-600">(edited)</span>}
          {post.isHidden && (
            <Badge tone="warning">
              <EyeOff className="mr-1 inline size-3" aria-hidden="true" />
              Hidden{post.hiddenReason ? `: ${post.hiddenReason}` : ''}
            </Badge>
          )}
        </div>
        <div className="flex items-center gap-1">
          {isOwn && canEdit && secondsLeft !== null && draft === null && (
            <Button size="sm" variant="ghost" onClick={() => setDraft(post.source)}>
              <Pencil className="size-3.5" aria-hidden="true" />
              Edit ({formatCountdown(secondsLeft)} left)
            </Button>
          )}
          {!isOwn && (
            <Button size="sm" variant="ghost" onClick={() => onReport(post)}>
              <Flag className="size-3.5" aria-hidden="true" />
              Report
            </Button>
          )}
          {canModerate && (
            <Menu>
              <MenuTrigger
                aria-label="Moderate post"
                className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100"
              >
                <MoreHorizontal className="size-4" aria-hidden="true" />
              </MenuTrigger>
              <MenuContent align="end">
                <MenuItem onSelect={() => onHide(post)}>
                  {post.isHidden ? 'Show post' : 'Hide post'}
                </MenuItem>
                {!post.isOpening && (
                  <MenuItem className="text-red-700" onSelect={() => onDelete(post)}>
                    Delete post
                  </MenuItem>
                )}
              </MenuContent>
            </Menu>
          )}
        </div>
      </header>
      <div className="mt-3">
        {draft === null ? (
          <PostHtml html={post.html} />
        ) : (
          <div className="space-y-2">
            <Composer label="Edit post" value={draft} onChange={setDraft} />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" size="sm" onClick={() => setDraft(null)}>
                Cancel
              </Button>
              <Button size="sm" isLoading={edit.isPending} onClick={() => void save()}>
                Save
              </Button>
            </div>
          </div>
        )}
      </div>
      <footer className="mt-3">
        <ReactionsBar
          reactions={post.reactions}
          onToggle={(reaction) =>
            void react
              .mutateAsync({ postId: post.id, reaction })
              .catch(failed('The reaction could not be saved'))
          }
        />
      </footer>
    </article>
  );
}
