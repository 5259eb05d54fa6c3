import type { FastifyInstance } from 'fastify';
import { getCostHistory } from '@stratum/core/contract/costing/history';
import { pricePlanEndpoint } from '@stratum/core/contract/costing/plan';
import { PLAN_MSG } from '@stratum/core/costing/tfplan/messages';
import { pricePlan } from '@stratum/core/costing/tfplan/price-plan';
import { AppError } from '../../lib/errors';
import { isNestedDeeperThan } from '../../lib/input-guard';
import { addRoute, type Authenticator } from '../../lib/route';
import { CostHistoryService, type CostHistoryDeps } from './history-service';

/** A plan of a large estate is tens of MB of JSON; the app's 1 MiB is for everything else. */
export const PLAN_BODY_LIMIT_BYTES = 50 * 1024 * 1024;
/** Nested blocks (WAF rules, policies) nest deeper than other bodies; still bounded. */
export const PLAN_MAX_DEPTH = 128;
const PLANS_PER_MINUTE = 30;

export type CostingPlanDeps = CostHistoryDeps;

const invalid = (message: string) => new AppError('costing/invalid_plan', message);

/**
 * Issue 13 §5 and §6's advanced analytics. `POST /api/costing/plan` prices `terraform show -json` output. It reads its own
 * JSON (up to 50 MB) so that a file that is not JSON answers costing/invalid_plan with what is
 * wrong, and takes the plan bare (`curl --data-binary @plan.json`) as well as `{ plan, usage }`.
 * `GET /api/costing/history/:projectId` (Enterprise, the project's owner) prices the design of
 * each generation and forecasts the next three months.
 */
export async function registerCostingPlanRoutes(
  app: FastifyInstance,
  deps: CostingPlanDeps,
  authenticate: Authenticator,
): Promise<void> {
  await app.register((scope, _options, done) => {
    const parseJson = scope.getDefaultJsonParser('error', 'ignore');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: PLAN_BODY_LIMIT_BYTES },
      (request, body, parsed) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        if (text.trim() === '') return parsed(invalid(PLAN_MSG.empty), undefined);
        if (isNestedDeeperThan(text, PLAN_MAX_DEPTH)) {
          return parsed(invalid(`The file nests deeper than ${PLAN_MAX_DEPTH} levels.`), undefined);
        }
        void parseJson(request, text, (error, value: unknown) => {
          if (error) return parsed(invalid(PLAN_MSG.notJson(error.message)), undefined);
          const isEnvelope =
            typeof value === 'object' &&
            value !== null &&
            !Array.isArray(value) &&
            ('plan' in value || 'usage' in value);
          parsed(null, isEnvelope ? value : { plan: value });
        });
      },
    );

    addRoute(
      scope,
      authenticate,
      pricePlanEndpoint,
      async ({ body }) => {
        const result = pricePlan(body.plan, await deps.books.current(), {
          ...(body.usage && { usage: body.usage }),
        });
        if (!result.ok) throw invalid(result.message);
        return { data: result.value };
      },
      { bodyLimit: PLAN_BODY_LIMIT_BYTES, rateLimitPerMinute: PLANS_PER_MINUTE },
    );
    done();
  });

  const history = new CostHistoryService(deps);
  addRoute(app, authenticate, getCostHistory, async ({ auth, params }) => ({
    data: await history.history(auth.user.id, params.projectId),
  }));
}
