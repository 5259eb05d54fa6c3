import type { FastifyInstance } from 'fastify';
import { getOnboarding } from '@stratum/core/contract/onboarding/get-onboarding';
import { saveOnboarding } from '@stratum/core/contract/onboarding/save-onboarding';
import { actorOf } from '../../lib/audit';
import { addRoute, type Authenticator } from '../../lib/route';
import type { OnboardingService } from './service';

/** GET/POST /api/onboarding/:projectId (spec §7): the tour records of a project's members. */
export function registerOnboardingRoutes(
  app: FastifyInstance,
  service: OnboardingService,
  authenticate: Authenticator,
): void {
  addRoute(app, authenticate, getOnboarding, async ({ auth, params }) => ({
    data: await service.records(auth.user.id, params.projectId),
  }));

  addRoute(
    app,
    authenticate,
    saveOnboarding,
    async ({ auth, params, body, request }) => ({
      data: await service.save(
        { ...actorOf(auth, request), id: auth.user.id },
        params.projectId,
        body,
      ),
    }),
    { rateLimitPerMinute: 120 },
  );
}
