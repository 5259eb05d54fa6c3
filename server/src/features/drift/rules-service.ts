import type { z } from 'zod';
import type { TIgnoreRule, ZIgnoreRuleInput } from '@stratum/core/contract/drift/scans';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { DriftSources } from './scan-service';
import { presentRule } from './presenters';
import { isUuid } from './repository';
import type { DriftDb } from './tables';

const MAX_RULES = 500;
const notFound = () => new AppError('drift/not_found', 'Ignore rule not found');

/** §5 ignore rules (like `.driftignore`), applied when a scan runs. */
export class RulesService {
  constructor(
    private readonly db: DriftDb,
    private readonly sources: DriftSources,
  ) {}

  async list(userId: string): Promise<TIgnoreRule[]> {
    const rows = await this.db
      .selectFrom('drift_ignore_rules')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(presentRule);
  }

  async create(actor: AuditActor, input: z.output<typeof ZIgnoreRuleInput>): Promise<TIgnoreRule> {
    const userId = actor.id;
    if (
      input.sourceId &&
      !(await this.sources.current(userId, input.sourceId, { withAttributes: false }))
    ) {
      throw new AppError('inventory/source_not_found', 'Source not found');
    }
    const count = await this.db
      .selectFrom('drift_ignore_rules')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(count?.n ?? 0) >= MAX_RULES) {
      throw new AppError(
        'drift/invalid_scan',
        `You have ${MAX_RULES} ignore rules, the most there may be.`,
      );
    }
    const row = await this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('drift_ignore_rules')
        .values({
          user_id: userId,
          source_id: input.sourceId ?? null,
          address_pattern: input.addressPattern || null,
          resource_type: input.resourceType || null,
          attribute_path: input.attributePath || null,
          note: input.note || null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeAudit(trx, actor, {
        action: 'drift.ignoreRules.create',
        targetType: 'drift_ignore_rule',
        targetId: inserted.id,
        after: presentRule(inserted),
      });
      return inserted;
    });
    return presentRule(row);
  }

  async remove(actor: AuditActor, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound();
    await this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('drift_ignore_rules')
        .where('id', '=', id)
        .where('user_id', '=', actor.id)
        .returningAll()
        .executeTakeFirst();
      if (!removed) throw notFound();
      await writeAudit(trx, actor, {
        action: 'drift.ignoreRules.delete',
        targetType: 'drift_ignore_rule',
        targetId: id,
        before: presentRule(removed),
      });
    });
  }
}
