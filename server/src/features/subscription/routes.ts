import type { FastifyInstance } from 'fastify';
import { PLAN_IDS } from '@stratum/core/contract/common';
import { cancelSubscription } from '@stratum/core/contract/subscription/cancel-subscription';
import { choosePlan } from '@stratum/core/contract/subscription/choose-plan';
import { getSubscription } from '@stratum/core/contract/subscription/get-subscription';
import { listActivationRequests } from '@stratum/core/contract/subscription/list-activation-requests';
import { listPlans } from '@stratum/core/contract/subscription/list-plans';
import { processRequest } from '@stratum/core/contract/subscription/process-request';
import { withdrawRequest } from '@stratum/core/contract/subscription/withdraw-request';
import { actorOf } from '../../lib/audit';
import { requireStaff } from '../../lib/permissions';
import { addRoute, type Authenticator } from '../../lib/route';
import { presentPlan, presentRequest } from './presenters';
import { SubscriptionService, type SubscriptionDeps } from './service';

/** Registers the routes; answers the service, which other features receive as GenerationQuota. */
export function registerSubscriptionRoutes(
  app: FastifyInstance,
  deps: SubscriptionDeps,
  authenticate: Authenticator,
): SubscriptionService {
  const service = new SubscriptionService(deps);
  addRoute(app, authenticate, listPlans, () =>
    Promise.resolve({ data: { plans: PLAN_IDS.map(presentPlan) } }),
  );

  addRoute(app, authenticate, getSubscription, async ({ auth }) => ({
    data: await service.view(auth.user.id),
  }));

  addRoute(app, authenticate, choosePlan, async ({ auth, body, request }) => {
    const { message } = await service.choose(actorOf(auth, request), body);
    return { message, data: await service.view(auth.user.id) };
  });

  addRoute(app, authenticate, cancelSubscription, async ({ auth, request }) => {
    const { message } = await service.cancel(actorOf(auth, request));
    return { message, data: await service.view(auth.user.id) };
  });

  addRoute(app, authenticate, withdrawRequest, async ({ auth, request }) => {
    const { message } = await service.withdraw(actorOf(auth, request));
    return { message, data: await service.view(auth.user.id) };
  });

  addRoute(app, authenticate, listActivationRequests, async ({ auth, query }) => {
    requireStaff(auth, 'requests.read');
    const { rows, total, pendingCount } = await service.listRequests(query);
    return {
      data: {
        items: rows.map(presentRequest),
        total,
        page: query.page,
        pageSize: query.pageSize,
        pendingCount,
      },
    };
  });

  addRoute(app, authenticate, processRequest, async ({ auth, params, body, request }) => {
    requireStaff(auth, 'requests.process');
    const { message, request: decided } = await service.process(
      params.id,
      body,
      actorOf(auth, request),
    );
    return { message, data: { request: decided } };
  });
  return service;
}
