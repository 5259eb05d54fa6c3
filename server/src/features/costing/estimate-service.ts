import type { TCompareInput, TEstimateInput } from '@stratum/core/contract/costing/estimate';
import type { PriceBook } from '@stratum/core/costing/book';
import { compareClouds } from '@stratum/core/costing/compare-clouds';
import { estimateDesign, estimateEnvironments } from '@stratum/core/costing/estimate-design';
import { parseDesign } from '@stratum/core/iac/design/parse';
import type { TDesign } from '@stratum/core/iac/design/schema-v2';
import { AppError } from '../../lib/errors';

export interface CostingDeps {
  /** The price book in force (the seed, then the admin's imports). */
  books: { current(): Promise<PriceBook> };
}

function invalidDesign(issues: readonly { path: string; message: string }[]): AppError {
  return new AppError('costing/invalid_design', issues[0]?.message ?? 'The design cannot be read', {
    issues: issues.map((i) => ({ path: i.path, message: i.message })),
  });
}

/**
 * The design of a request, any stored version upgraded to the current one, as the board holds
 * it: priced as drawn (a component not yet placed in a subnet still costs what it costs), so
 * only an unreadable document or an environment it does not have is refused.
 */
function readDesign(input: unknown, environment: string | undefined): TDesign {
  const parsed = parseDesign(input);
  if (!parsed.ok) throw invalidDesign(parsed.issues.filter((i) => i.severity === 'error'));
  const names = parsed.design.environments.map((e) => e.name);
  if (environment !== undefined && !names.includes(environment)) {
    throw invalidDesign([
      {
        path: 'environment',
        message: `The design has no environment “${environment}”; choose one of: ${names.join(', ')}`,
      },
    ]);
  }
  return parsed.design;
}

/** Issue 13 §3 and §4: a design priced on its cloud, and on every cloud side by side. */
export class EstimateService {
  constructor(private readonly deps: CostingDeps) {}

  async estimate(input: TEstimateInput) {
    const design = readDesign(input.design, input.environment);
    const book = await this.deps.books.current();
    const options = { ...(input.usage && { usage: input.usage }) };
    return {
      ...estimateDesign(design, book, { ...options, environment: input.environment }),
      environments: estimateEnvironments(design, book, options).map((e) => ({
        name: e.name,
        monthlyTotal: e.monthlyTotal,
      })),
    };
  }

  async compare(input: TCompareInput) {
    const design = readDesign(input.design, input.environment);
    const book = await this.deps.books.current();
    return compareClouds(design, book, {
      ...(input.environment !== undefined && { environment: input.environment }),
      ...(input.usage && { usage: input.usage }),
    });
  }
}
