import type { TPlanId } from '@stratum/core/contract/common';
import {
  HISTORY_MSG,
  type TCostHistory,
  type TCostHistoryPoint,
} from '@stratum/core/contract/costing/history';
import { PLANNER_MSG } from '@stratum/core/contract/planner/planner-messages';
import { parsePlannerState } from '@stratum/core/contract/planner/planner-state';
import type { PriceBook } from '@stratum/core/costing/book';
import { estimateDesign } from '@stratum/core/costing/estimate-design';
import { linearForecast } from '@stratum/core/costing/forecast';
import type { TEstimate } from '@stratum/core/costing/model';
import { designFromState } from '@stratum/core/planner/design-from-state';
import { canUse } from '@stratum/core/plans-gating';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import type { BookService } from './book-service';
import { findVisibleProject, generationDesigns } from './history-repository';

export interface CostHistoryDeps {
  db: Db;
  books: BookService;
  /** The plan in force for a user (the subscription feature). */
  plans: { state(userId: string): Promise<{ currentPlan: TPlanId }> };
  now?: () => Date;
}

type Priced = { ok: true; estimate: TEstimate } | { ok: false; reason: string };

/** A stored planner state (any version) priced as the board prices it: base values, defaults. */
function priceState(stored: unknown, projectName: string, book: PriceBook): Priced {
  if (stored === undefined) return { ok: false, reason: HISTORY_MSG.snapshotDropped };
  const parsed = parsePlannerState(stored, projectName);
  if (!parsed.ok) return { ok: false, reason: HISTORY_MSG.unreadable(parsed.message) };
  try {
    return { ok: true, estimate: estimateDesign(designFromState(parsed.state), book) };
  } catch (error) {
    return {
      ok: false,
      reason: HISTORY_MSG.unreadable(error instanceof Error ? error.message : String(error)),
    };
  }
}

/**
 * advanced-analytics (Enterprise): the cost of a project's design at each generation, at the
 * book's current prices (so the line shows what the design changed, not what prices did), and a
 * linear forecast for the next three months.
 */
export class CostHistoryService {
  constructor(private readonly deps: CostHistoryDeps) {}

  async history(userId: string, projectId: string): Promise<TCostHistory> {
    const { currentPlan } = await this.deps.plans.state(userId);
    if (!canUse(currentPlan, 'advanced-analytics')) {
      throw new AppError('costing/feature_not_allowed', HISTORY_MSG.featureNotAllowed(currentPlan));
    }
    const project = await findVisibleProject(this.deps.db, userId, projectId);
    if (!project) throw new AppError('planner/not_found', PLANNER_MSG.projectNotFound);
    const book = await this.deps.books.current();
    const generations: TCostHistoryPoint[] = [];
    const totals: { at: Date; monthlyTotal: number }[] = [];
    for (const g of await generationDesigns(this.deps.db, projectId)) {
      const priced = priceState(g.state, project.name, book);
      const estimate = priced.ok ? priced.estimate : null;
      generations.push({
        generationId: g.id,
        generatedAt: g.createdAt.toISOString(),
        format: g.format,
        revision: g.revision,
        cloud: estimate?.cloud ?? null,
        region: estimate?.region ?? null,
        monthlyTotal: estimate?.monthlyTotal ?? null,
        unpricedCount: estimate?.unpriced.length ?? 0,
        reason: priced.ok ? null : priced.reason,
      });
      if (estimate) totals.push({ at: g.createdAt, monthlyTotal: estimate.monthlyTotal });
    }
    const current = priceState(project.state, project.name, book);
    return {
      projectId: project.id,
      projectName: project.name,
      currency: 'USD',
      book: { version: book.version },
      current: current.ok
        ? {
            revision: project.revision,
            monthlyTotal: current.estimate.monthlyTotal,
            unpricedCount: current.estimate.unpriced.length,
          }
        : null,
      generations,
      forecast: linearForecast(totals, (this.deps.now ?? (() => new Date()))()),
    };
  }
}
