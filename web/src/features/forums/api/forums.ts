import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createForumCategory } from '@stratum/core/contract/forums/create-category';
import { createForumReply } from '@stratum/core/contract/forums/create-reply';
import {
  createForumThread,
  type TCreateForumThreadBody,
} from '@stratum/core/contract/forums/create-thread';
import { deleteForumCategory } from '@stratum/core/contract/forums/delete-category';
import { editForumPost, type TEditForumPostBody } from '@stratum/core/contract/forums/edit-post';
import { getForumThread } from '@stratum/core/contract/forums/get-thread';
import { listForumCategories } from '@stratum/core/contract/forums/list-categories';
import { listForumReports } from '@stratum/core/contract/forums/list-reports';
import { listForumThreads } from '@stratum/core/contract/forums/list-threads';
import { previewForumPost } from '@stratum/core/contract/forums/preview';
import { reportForumPost } from '@stratum/core/contract/forums/report-post';
import { resolveForumReport } from '@stratum/core/contract/forums/resolve-report';
import { setForumSubscription } from '@stratum/core/contract/forums/set-subscription';
import { toggleForumReaction } from '@stratum/core/contract/forums/toggle-reaction';
import {
  updateForumCategory,
  type TUpdateForumCategoryBody,
} from '@stratum/core/contract/forums/update-category';
import { FORUM_PAGE_SIZE, type TForumReaction } from '@stratum/core/forums/rules';
import { callApi } from '../../../lib/api-client';

export const FORUMS_KEY = ['forums'] as const;

/** GET /api/forums/categories (§7, prefetched). */
export const categoriesQuery = queryOptions({
  queryKey: [...FORUMS_KEY, 'categories'],
  queryFn: ({ signal }) => callApi(listForumCategories, { signal }),
});

export interface ThreadListParams {
  page: number;
  categoryId?: string | undefined;
  q?: string | undefined;
}

/** The query string of a thread list; the first page of all threads is §7's `limit=20&page=1`. */
export function threadListQuery(params: ThreadListParams): Record<string, string> {
  return {
    limit: String(FORUM_PAGE_SIZE),
    page: String(params.page),
    ...(params.categoryId && { categoryId: params.categoryId }),
    ...(params.q?.trim() && { q: params.q.trim() }),
  };
}

/** GET /api/forums/threads (§7: the first page is prefetched). */
export const threadsQuery = (params: ThreadListParams) => {
  const query = threadListQuery(params);
  return queryOptions({
    queryKey: [...FORUMS_KEY, 'threads', query],
    queryFn: ({ signal }) => callApi(listForumThreads, { query, signal }),
    placeholderData: keepPreviousData,
  });
};

export const threadQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: [...FORUMS_KEY, 'thread', id, page],
    queryFn: ({ signal }) =>
      callApi(getForumThread, { params: { id }, query: { page: String(page) }, signal }),
  });

export const reportsQuery = (status: 'open' | 'resolved', page: number) =>
  queryOptions({
    queryKey: [...FORUMS_KEY, 'reports', status, page],
    queryFn: ({ signal }) =>
      callApi(listForumReports, {
        query: { status, page: String(page), pageSize: '20' },
        signal,
      }),
  });

/** Every change reloads every forum query (lists, thread, counts). */
function useForumMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: FORUMS_KEY }),
  });
}

export const previewMarkdown = (body: string) =>
  callApi(previewForumPost, { body: { body } }).then((r) => r.data.html);

export const useCreateThread = () =>
  useForumMutation((body: TCreateForumThreadBody) => callApi(createForumThread, { body }));

export const useReply = () =>
  useForumMutation(({ threadId, body }: { threadId: string; body: string }) =>
    callApi(createForumReply, { params: { id: threadId }, body: { body } }),
  );

export const useEditPost = () =>
  useForumMutation(({ postId, ...body }: TEditForumPostBody & { postId: string }) =>
    callApi(editForumPost, { params: { id: postId }, body }),
  );

export const useToggleReaction = () =>
  useForumMutation(({ postId, reaction }: { postId: string; reaction: TForumReaction }) =>
    callApi(toggleForumReaction, { params: { id: postId }, body: { reaction } }),
  );

export const useSetSubscription = () =>
  useForumMutation(({ threadId, isSubscribed }: { threadId: string; isSubscribed: boolean }) =>
    callApi(setForumSubscription, { params: { id: threadId }, body: { isSubscribed } }),
  );

export const useReportPost = () =>
  useForumMutation(({ postId, reason }: { postId: string; reason: string }) =>
    callApi(reportForumPost, { params: { id: postId }, body: { reason } }),
  );

export const useResolveReport = () =>
  useForumMutation(({ id, outcome }: { id: string; outcome: 'dismissed' | 'actioned' }) =>
    callApi(resolveForumReport, { params: { id }, body: { outcome } }),
  );

export const useCreateCategory = () =>
  useForumMutation((body: { name: string; description: string }) =>
    callApi(createForumCategory, { body }),
  );

export const useUpdateCategory = () =>
  useForumMutation(({ id, ...body }: TUpdateForumCategoryBody & { id: string }) =>
    callApi(updateForumCategory, { params: { id }, body }),
  );

export const useDeleteCategory = () =>
  useForumMutation((id: string) => callApi(deleteForumCategory, { params: { id } }));
