import type { FastifyInstance, FastifyRequest } from 'fastify';
import { staffCan } from '@stratum/core/admin';
import { getTagCost, getTagUsage, listTagViolations } from '@stratum/core/contract/tags/insights';
import {
  createOrgTagKey,
  createTagKey,
  deleteOrgTagKey,
  deleteTagKey,
  listTagKeys,
  updateOrgTagKey,
  updateTagKey,
} from '@stratum/core/contract/tags/keys';
import {
  createOrgTagPolicy,
  createTagPolicy,
  deleteOrgTagPolicy,
  deleteTagPolicy,
  listTagPolicies,
  updateOrgTagPolicy,
  updateTagPolicy,
} from '@stratum/core/contract/tags/policies';
import type { Db } from '../../db/database';
import { actorOf } from '../../lib/audit';
import { requireStaff } from '../../lib/permissions';
import { addRoute, type Authenticator, type RequestAuth } from '../../lib/route';
import { TagInsightsService, type TagInsightsDeps } from './insights-service';
import { TagsService, type TagCaller } from './service';
import { withTagTables } from './tables';

export interface TagsDeps {
  db: Db;
  books: TagInsightsDeps['books'];
}

const callerOf = (auth: RequestAuth, request: FastifyRequest): TagCaller => ({
  userId: auth.user.id,
  canManageOrg: staffCan(auth.user.role, 'tags.manage'),
  actor: actorOf(auth, request),
});

/** The caller, who must be an admin: organisation-wide keys and policies. */
const adminOf = (auth: RequestAuth, request: FastifyRequest): TagCaller => {
  requireStaff(auth, 'tags.manage');
  return callerOf(auth, request);
};

/** Issue 16 §5: tag keys and policies, where tags are used, violations, cost by tag. */
export function registerTagsRoutes(
  app: FastifyInstance,
  deps: TagsDeps,
  authenticate: Authenticator,
): TagInsightsService {
  const db = withTagTables(deps.db);
  const tags = new TagsService(db);
  const insights = new TagInsightsService({ db, books: deps.books });

  addRoute(app, authenticate, listTagKeys, async ({ auth, request }) => ({
    data: { items: await tags.listKeys(callerOf(auth, request)) },
  }));
  addRoute(app, authenticate, createTagKey, async ({ auth, request, body }) => ({
    data: await tags.createKey(callerOf(auth, request), 'user', body),
  }));
  addRoute(app, authenticate, updateTagKey, async ({ auth, request, params, body }) => ({
    data: await tags.updateKey(callerOf(auth, request), 'user', params.id, body),
  }));
  addRoute(app, authenticate, deleteTagKey, async ({ auth, request, params }) => {
    await tags.deleteKey(callerOf(auth, request), 'user', params.id);
    return { message: 'Tag key deleted' };
  });
  addRoute(app, authenticate, createOrgTagKey, async ({ auth, request, body }) => ({
    data: await tags.createKey(adminOf(auth, request), 'org', body),
  }));
  addRoute(app, authenticate, updateOrgTagKey, async ({ auth, request, params, body }) => ({
    data: await tags.updateKey(adminOf(auth, request), 'org', params.id, body),
  }));
  addRoute(app, authenticate, deleteOrgTagKey, async ({ auth, request, params }) => {
    await tags.deleteKey(adminOf(auth, request), 'org', params.id);
    return { message: 'Tag key deleted' };
  });

  addRoute(app, authenticate, listTagPolicies, async ({ auth, request }) => ({
    data: { items: await tags.listPolicies(callerOf(auth, request)) },
  }));
  addRoute(app, authenticate, createTagPolicy, async ({ auth, request, body }) => ({
    data: await tags.createPolicy(callerOf(auth, request), 'user', body),
  }));
  addRoute(app, authenticate, updateTagPolicy, async ({ auth, request, params, body }) => ({
    data: await tags.updatePolicy(callerOf(auth, request), 'user', params.id, body),
  }));
  addRoute(app, authenticate, deleteTagPolicy, async ({ auth, request, params }) => {
    await tags.deletePolicy(callerOf(auth, request), 'user', params.id);
    return { message: 'Tag policy deleted' };
  });
  addRoute(app, authenticate, createOrgTagPolicy, async ({ auth, request, body }) => ({
    data: await tags.createPolicy(adminOf(auth, request), 'org', body),
  }));
  addRoute(app, authenticate, updateOrgTagPolicy, async ({ auth, request, params, body }) => ({
    data: await tags.updatePolicy(adminOf(auth, request), 'org', params.id, body),
  }));
  addRoute(app, authenticate, deleteOrgTagPolicy, async ({ auth, request, params }) => {
    await tags.deletePolicy(adminOf(auth, request), 'org', params.id);
    return { message: 'Tag policy deleted' };
  });

  addRoute(app, authenticate, getTagUsage, async ({ auth }) => ({
    data: { items: await insights.usage(auth.user.id) },
  }));
  addRoute(app, authenticate, listTagViolations, async ({ auth, query }) => ({
    data: await insights.violations(auth.user.id, query),
  }));
  addRoute(app, authenticate, getTagCost, async ({ auth, query }) => ({
    data: await insights.cost(auth.user.id, query.key),
  }));
  return insights;
}
