import { useState } from 'react';
import { toast } from 'sonner';
import type { TForumPost, TForumThread } from '@stratum/core/contract/forums/forum';
import { useReportPost } from './api/forums';
import { useModerate, type TModeration } from './api/moderation';
import { failed } from './post-card';
import type { ReasonRequest } from './reason-dialog';

/** The reason dialogs behind every moderation action and report, with their toasts. */
export function useModerationDialogs(onThreadDeleted: () => void) {
  const [request, setRequest] = useState<ReasonRequest | null>(null);
  const moderate = useModerate();
  const report = useReportPost();

  const run = async (action: TModeration): Promise<boolean> => {
    const result = await moderate.mutateAsync(action).catch(failed('That did not work'));
    if (!result) return false;
    toast.success(result.message);
    if (action.kind === 'deleteThread') onThreadDeleted();
    return true;
  };

  const ask = (
    title: string,
    confirmLabel: string,
    isRequired: boolean,
    build: (reason: string) => TModeration,
    isDanger = false,
  ) =>
    setRequest({
      title,
      description: 'The reason is kept in the audit trail.',
      confirmLabel,
      isRequired,
      isDanger,
      onSubmit: (reason) => run(build(reason)),
    });

  const reasonOf = (reason: string) => (reason ? { reason } : {});

  return {
    request,
    close: () => setRequest(null),
    toggleThread: (thread: TForumThread, kind: 'pin' | 'lock' | 'hideThread') => {
      const isOn = !{ pin: thread.isPinned, lock: thread.isLocked, hideThread: thread.isHidden }[
        kind
      ];
      const verb = {
        pin: ['Pin', 'Unpin'],
        lock: ['Lock', 'Unlock'],
        hideThread: ['Hide', 'Show'],
      }[kind][isOn ? 0 : 1];
      ask(`${verb} thread`, verb ?? 'Confirm', kind === 'hideThread' && isOn, (reason) => ({
        kind,
        threadId: thread.id,
        isOn,
        ...reasonOf(reason),
      }));
    },
    move: (thread: TForumThread, categoryId: string) =>
      ask('Move thread', 'Move', false, (reason) => ({
        kind: 'move',
        threadId: thread.id,
        categoryId,
        ...reasonOf(reason),
      })),
    deleteThread: (thread: TForumThread) =>
      ask(
        'Delete thread',
        'Delete',
        true,
        (reason) => ({ kind: 'deleteThread', threadId: thread.id, reason }),
        true,
      ),
    hidePost: (post: TForumPost) =>
      ask(
        post.isHidden ? 'Show post' : 'Hide post',
        post.isHidden ? 'Show' : 'Hide',
        !post.isHidden,
        (reason) => ({
          kind: 'hidePost',
          postId: post.id,
          isOn: !post.isHidden,
          ...reasonOf(reason),
        }),
      ),
    deletePost: (post: TForumPost) =>
      ask(
        'Delete post',
        'Delete',
        true,
        (reason) => ({ kind: 'deletePost', postId: post.id, reason }),
        true,
      ),
    reportPost: (post: TForumPost) =>
      setRequest({
        title: 'Report post',
        description: `Tell the moderators what is wrong with ${post.author.name}'s post.`,
        confirmLabel: 'Report',
        isRequired: true,
        onSubmit: async (reason) => {
          const result = await report
            .mutateAsync({ postId: post.id, reason })
            .catch(failed('The report could not be sent'));
          if (result) toast.success(result.message);
          return result !== null;
        },
      }),
  };
}
