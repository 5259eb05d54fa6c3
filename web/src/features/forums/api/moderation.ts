import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteForumPost } from '@stratum/core/contract/forums/delete-post';
import { deleteForumThread } from '@stratum/core/contract/forums/delete-thread';
import { hideForumPost } from '@stratum/core/contract/forums/hide-post';
import { hideForumThread } from '@stratum/core/contract/forums/hide-thread';
import { lockForumThread } from '@stratum/core/contract/forums/lock-thread';
import { moveForumThread } from '@stratum/core/contract/forums/move-thread';
import { pinForumThread } from '@stratum/core/contract/forums/pin-thread';
import { callApi } from '../../../lib/api-client';
import { FORUMS_KEY } from './forums';

/** What a moderator does to a thread or a post; `reason` goes to the audit trail. */
export type TModeration =
  | { kind: 'pin'; threadId: string; isOn: boolean; reason?: string }
  | { kind: 'lock'; threadId: string; isOn: boolean; reason?: string }
  | { kind: 'hideThread'; threadId: string; isOn: boolean; reason?: string }
  | { kind: 'move'; threadId: string; categoryId: string; reason?: string }
  | { kind: 'deleteThread'; threadId: string; reason: string }
  | { kind: 'hidePost'; postId: string; isOn: boolean; reason?: string }
  | { kind: 'deletePost'; postId: string; reason: string };

function moderate(action: TModeration) {
  const reason = action.reason ? { reason: action.reason } : {};
  switch (action.kind) {
    case 'pin':
      return callApi(pinForumThread, {
        params: { id: action.threadId },
        body: { isPinned: action.isOn, ...reason },
      });
    case 'lock':
      return callApi(lockForumThread, {
        params: { id: action.threadId },
        body: { isLocked: action.isOn, ...reason },
      });
    case 'hideThread':
      return callApi(hideForumThread, {
        params: { id: action.threadId },
        body: { isHidden: action.isOn, ...reason },
      });
    case 'move':
      return callApi(moveForumThread, {
        params: { id: action.threadId },
        body: { categoryId: action.categoryId, ...reason },
      });
    case 'deleteThread':
      return callApi(deleteForumThread, {
        params: { id: action.threadId },
        body: { reason: action.reason },
      });
    case 'hidePost':
      return callApi(hideForumPost, {
        params: { id: action.postId },
        body: { isHidden: action.isOn, ...reason },
      });
    case 'deletePost':
      return callApi(deleteForumPost, {
        params: { id: action.postId },
        body: { reason: action.reason },
      });
  }
}

export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: moderate,
    onSettled: () => client.invalidateQueries({ queryKey: FORUMS_KEY }),
  });
}
