import type { FastifyInstance } from 'fastify';
import { ADMIN_MSG } from '@stratum/core/admin';
import { createForumCategory } from '@stratum/core/contract/forums/create-category';
import { createForumReply } from '@stratum/core/contract/forums/create-reply';
import { createForumThread } from '@stratum/core/contract/forums/create-thread';
import { deleteForumCategory } from '@stratum/core/contract/forums/delete-category';
import { deleteForumPost } from '@stratum/core/contract/forums/delete-post';
import { deleteForumThread } from '@stratum/core/contract/forums/delete-thread';
import { editForumPost } from '@stratum/core/contract/forums/edit-post';
import { getForumThread } from '@stratum/core/contract/forums/get-thread';
import { hideForumPost } from '@stratum/core/contract/forums/hide-post';
import { hideForumThread } from '@stratum/core/contract/forums/hide-thread';
import { listForumCategories } from '@stratum/core/contract/forums/list-categories';
import { listForumReports } from '@stratum/core/contract/forums/list-reports';
import { listForumThreads } from '@stratum/core/contract/forums/list-threads';
import { lockForumThread } from '@stratum/core/contract/forums/lock-thread';
import { moveForumThread } from '@stratum/core/contract/forums/move-thread';
import { pinForumThread } from '@stratum/core/contract/forums/pin-thread';
import { previewForumPost } from '@stratum/core/contract/forums/preview';
import { reportForumPost } from '@stratum/core/contract/forums/report-post';
import { resolveForumReport } from '@stratum/core/contract/forums/resolve-report';
import { setForumSubscription } from '@stratum/core/contract/forums/set-subscription';
import { toggleForumReaction } from '@stratum/core/contract/forums/toggle-reaction';
import { updateForumCategory } from '@stratum/core/contract/forums/update-category';
import type { EndpointDef } from '@stratum/core/contract/endpoint';
import { canModerateForums } from '@stratum/core/forums/rules';
import { actorOf } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { addRoute, type Authenticator, type RequestAuth, type RouteOptions } from '../../lib/route';
import { ForumModeration } from './moderation-service';
import { ForumService, type ForumDeps } from './service';

/** Moderator, admin and owner; 403 `auth/forbidden` for everyone else. */
function requireModerator(auth: RequestAuth): void {
  if (!canModerateForums(auth.user.role)) throw new AppError('auth/forbidden', ADMIN_MSG.forbidden);
}

/** The forums: categories, threads, replies, reactions, subscriptions, reports, moderation. */
export function registerForumRoutes(
  app: FastifyInstance,
  deps: ForumDeps,
  authenticate: Authenticator,
): void {
  const forums = new ForumService(deps);
  const moderation = new ForumModeration(deps.db, forums);
  const route = <E extends EndpointDef>(
    endpoint: E,
    handler: Parameters<typeof addRoute<E>>[3],
    options?: RouteOptions,
  ) => addRoute(app, authenticate, endpoint, handler, options);

  route(listForumCategories, async ({ auth }) => ({
    data: { categories: await forums.categories(auth.user) },
  }));
  route(listForumThreads, async ({ auth, query }) => ({
    data: await forums.threads(auth.user, query),
  }));
  route(getForumThread, async ({ auth, params, query }) => ({
    data: await forums.thread(auth.user, params.id, query.page),
  }));
  route(createForumThread, async ({ auth, request, body }) => ({
    data: await forums.createThread(actorOf(auth, request), auth.user, body),
  }));
  route(createForumReply, async ({ auth, request, params, body }) => ({
    data: { post: await forums.reply(actorOf(auth, request), auth.user, params.id, body.body) },
  }));
  route(editForumPost, async ({ auth, request, params, body }) => ({
    data: { post: await forums.edit(actorOf(auth, request), auth.user, params.id, body) },
  }));
  route(toggleForumReaction, async ({ auth, request, params, body }) => ({
    data: {
      post: await forums.react(actorOf(auth, request), auth.user, params.id, body.reaction),
    },
  }));
  route(setForumSubscription, async ({ auth, request, params, body }) => ({
    data: {
      isSubscribed: await forums.subscribe(
        actorOf(auth, request),
        auth.user,
        params.id,
        body.isSubscribed,
      ),
    },
  }));
  route(
    previewForumPost,
    ({ body }) => Promise.resolve({ data: { html: forums.render(body.body) } }),
    {
      rateLimitPerMinute: 120,
    },
  );
  route(reportForumPost, async ({ auth, request, params, body }) => {
    await moderation.report(actorOf(auth, request), auth.user, params.id, body.reason);
    return { message: 'Thanks: the moderators will look at this post' };
  });

  // Moderator and above from here on.
  route(createForumCategory, async ({ auth, request, body }) => {
    requireModerator(auth);
    return { data: { category: await moderation.createCategory(actorOf(auth, request), body) } };
  });
  route(updateForumCategory, async ({ auth, request, params, body }) => {
    requireModerator(auth);
    const category = await moderation.updateCategory(actorOf(auth, request), params.id, body);
    return { data: { category } };
  });
  route(deleteForumCategory, async ({ auth, request, params }) => {
    requireModerator(auth);
    await moderation.deleteCategory(actorOf(auth, request), params.id);
    return { message: 'Category deleted' };
  });
  // Pin, lock and hide: one flag each, set or cleared, with an optional reason.
  const flags = [
    [pinForumThread, 'pin', (b: { isPinned: boolean }) => b.isPinned, ['pinned', 'unpinned']],
    [lockForumThread, 'lock', (b: { isLocked: boolean }) => b.isLocked, ['locked', 'unlocked']],
    [hideForumThread, 'hide', (b: { isHidden: boolean }) => b.isHidden, ['hidden', 'shown again']],
  ] as const;
  for (const [endpoint, flag, isOn, words] of flags) {
    route(endpoint as typeof pinForumThread, async ({ auth, request, params, body }) => {
      requireModerator(auth);
      const on = (isOn as (b: unknown) => boolean)(body);
      await moderation.flagThread(actorOf(auth, request), params.id, flag, on, body.reason);
      return { message: `Thread ${on ? words[0] : words[1]}` };
    });
  }
  route(moveForumThread, async ({ auth, request, params, body }) => {
    requireModerator(auth);
    await moderation.moveThread(actorOf(auth, request), params.id, body.categoryId, body.reason);
    return { message: 'Thread moved' };
  });
  route(deleteForumThread, async ({ auth, request, params, body }) => {
    requireModerator(auth);
    await moderation.deleteThread(actorOf(auth, request), params.id, body.reason);
    return { message: 'Thread deleted' };
  });
  route(hideForumPost, async ({ auth, request, params, body }) => {
    requireModerator(auth);
    await moderation.hidePost(actorOf(auth, request), params.id, body.isHidden, body.reason);
    return { message: body.isHidden ? 'Post hidden' : 'Post shown again' };
  });
  route(deleteForumPost, async ({ auth, request, params, body }) => {
    requireModerator(auth);
    await moderation.deletePost(actorOf(auth, request), params.id, body.reason);
    return { message: 'Post deleted' };
  });
  route(listForumReports, async ({ auth, query }) => {
    requireModerator(auth);
    return { data: await moderation.reports(query) };
  });
  route(resolveForumReport, async ({ auth, request, params, body }) => {
    requireModerator(auth);
    await moderation.resolveReport(actorOf(auth, request), params.id, body.outcome, body.note);
    return { message: body.outcome === 'dismissed' ? 'Report dismissed' : 'Report closed' };
  });
}
