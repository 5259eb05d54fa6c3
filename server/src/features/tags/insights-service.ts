import type { TAssetViolations, TTagUsage } from '@stratum/core/contract/tags/insights';
import { parsePlannerState } from '@stratum/core/contract/planner/planner-state';
import type { PriceBook } from '@stratum/core/costing/book';
import { componentTotals, estimateDesign } from '@stratum/core/costing/estimate-design';
import { sumCents } from '@stratum/core/costing/money';
import { CLOUDS, type TCloud } from '@stratum/core/iac/types';
import { designFromState } from '@stratum/core/planner/design-from-state';
import { checkTagPolicies } from '@stratum/core/tags/check';
import { costByTag, tagUsage, type TProjectDesign } from '@stratum/core/tags/insights';
import type { TTagPolicy } from '@stratum/core/tags/model';
import { AppError } from '../../lib/errors';
import { policyOf } from './presenters';
import type { TagDb } from './tables';

const MAX_LISTED = 500;
const isCloud = (c: string | null): c is TCloud => CLOUDS.includes(c as TCloud);

export interface TagInsightsDeps {
  db: TagDb;
  /** The price book in force (the costing feature's, passed in by the shell). */
  books: { current(): Promise<PriceBook> };
}

/** Where tags are used, the inventory's violations, and cost by tag — all read-only. */
export class TagInsightsService {
  constructor(private readonly deps: TagInsightsDeps) {}

  /** The policies that apply to a user: their own and the organisation's, enabled ones. */
  async policies(userId: string): Promise<TTagPolicy[]> {
    const rows = await this.deps.db
      .selectFrom('tag_policies')
      .selectAll()
      .where((eb) => eb.or([eb('scope', '=', 'org'), eb('user_id', '=', userId)]))
      .where('enabled', '=', true)
      .orderBy('created_at')
      .execute();
    return rows.map(policyOf);
  }

  /** The user's projects as designs (any stored state version; unreadable ones skipped). */
  private async projects(
    userId: string,
  ): Promise<(TProjectDesign & { design: ReturnType<typeof designFromState> })[]> {
    const rows = await this.deps.db
      .selectFrom('projects')
      .select(['id', 'name', 'state'])
      .where('user_id', '=', userId)
      .orderBy('name')
      .execute();
    return rows.flatMap((r) => {
      const parsed = parsePlannerState(r.state, r.name);
      return parsed.ok ? [{ id: r.id, name: r.name, design: designFromState(parsed.state) }] : [];
    });
  }

  private currentAssets(userId: string) {
    return this.deps.db
      .selectFrom('inventory_instances as i')
      .innerJoin('inventory_sources as s', 's.id', 'i.source_id')
      .select([
        'i.id',
        'i.address',
        'i.type',
        'i.cloud',
        'i.tags',
        'i.source_id',
        's.name as source_name',
      ])
      .where('i.user_id', '=', userId)
      .where('i.is_current', '=', true)
      .where('i.mode', '=', 'managed');
  }

  async usage(userId: string): Promise<TTagUsage[]> {
    const [projects, assets] = await Promise.all([
      this.projects(userId),
      this.currentAssets(userId).execute(),
    ]);
    return tagUsage(projects, assets);
  }

  async violations(userId: string, filter: { sourceId?: string; policyId?: string }) {
    let policies = await this.policies(userId);
    if (filter.policyId) {
      policies = policies.filter((p) => p.id === filter.policyId);
      if (policies.length === 0) throw new AppError('tags/not_found', 'Tag policy not found');
    }
    let query = this.currentAssets(userId);
    if (filter.sourceId) query = query.where('i.source_id', '=', filter.sourceId);
    const assets = await query.orderBy('i.source_id').orderBy('i.ord').execute();
    const items: TAssetViolations[] = [];
    let total = 0;
    for (const a of assets) {
      const violations = checkTagPolicies(
        { cloud: isCloud(a.cloud) ? a.cloud : null, types: [a.type], tags: a.tags },
        policies,
      );
      if (violations.length === 0) continue;
      total += 1;
      if (items.length < MAX_LISTED)
        items.push({
          assetId: a.id,
          address: a.address,
          type: a.type,
          sourceId: a.source_id,
          sourceName: a.source_name,
          cloud: a.cloud,
          tags: a.tags,
          violations,
        });
    }
    return { items, checked: assets.length, total };
  }

  async cost(userId: string, asked: string | undefined) {
    const projects = await this.projects(userId);
    const keys = [
      ...new Set(
        projects.flatMap((p) => [
          ...Object.keys(p.design.tags),
          ...p.design.components.flatMap((c) => Object.keys(c.tags ?? {})),
        ]),
      ),
    ].sort((a, b) => a.localeCompare(b));
    const key = asked ?? keys[0] ?? null;
    if (key === null) return { key, keys, currency: 'USD' as const, total: 0, rows: [] };
    const book = await this.deps.books.current();
    const priced = projects.map((p) => ({
      ...p,
      totals: componentTotals(estimateDesign(p.design, book)),
    }));
    const rows = costByTag(priced, key);
    return {
      key,
      keys,
      currency: 'USD' as const,
      total: sumCents(rows.map((r) => r.monthly)),
      rows,
    };
  }
}
