import type { FastifyInstance } from 'fastify';
import {
  listRecentActivity,
  RECENT_ACTIVITY_LIMIT,
} from '@stratum/core/contract/activity/list-recent-activity';
import type { Db } from '../../db/database';
import { addRoute, type Authenticator } from '../../lib/route';
import { presentActivity } from './presenters';
import { recentSessions } from './repository';

export function registerActivityRoutes(
  app: FastifyInstance,
  db: Db,
  authenticate: Authenticator,
): void {
  addRoute(app, authenticate, listRecentActivity, async ({ auth }) => {
    const sessions = await recentSessions(db, auth.user.id, RECENT_ACTIVITY_LIMIT);
    return {
      data: {
        items: presentActivity(auth.user, sessions, auth.sessionId, RECENT_ACTIVITY_LIMIT),
      },
    };
  });
}
