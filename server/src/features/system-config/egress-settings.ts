import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { parseAllowRules, type AllowRule, type EgressPolicy } from '../../lib/egress';
import { AppError } from '../../lib/errors';
import type { SharedState } from '../../lib/shared-state';

const CHANGED_CHANNEL = 'egress:allow-list-changed';

interface Row {
  allow_list: string;
  updated_at: Date;
  updated_by_email: string | null;
}

/** The admin's allow-list (table `egress_settings`), applied to the policy in every process. */
export class EgressSettings {
  constructor(
    private readonly deps: {
      db: Db;
      shared: SharedState;
      egress: EgressPolicy;
      environment: readonly AllowRule[];
      log: Logger;
    },
  ) {
    deps.shared.subscribe(CHANGED_CHANNEL, () => {
      this.apply().catch((error: unknown) =>
        deps.log.error({ err: error }, 'egress allow-list could not be applied'),
      );
    });
  }

  async apply(): Promise<void> {
    const row = await this.load();
    this.deps.egress.setAdminRules(parseAllowRules(row?.allow_list ?? '').rules);
  }

  async view() {
    const row = await this.load();
    return {
      allowList: row?.allow_list ?? '',
      environment: this.deps.environment.map((r) => r.text),
      updatedAt: row?.updated_at.toISOString() ?? null,
      updatedBy: row?.updated_by_email ?? null,
    };
  }

  async save(allowList: string, actor: AuditActor) {
    const { rules, errors } = parseAllowRules(allowList);
    if (errors.length > 0) {
      throw new AppError('request/invalid', errors.join('; '), {
        issues: errors.map((message) => ({ path: 'allowList', message })),
      });
    }
    const text = rules.map((r) => r.text).join('\n');
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.load(trx);
      await sql`INSERT INTO egress_settings (id, allow_list, updated_at, updated_by_email)
        VALUES (true, ${text}, now(), ${actor.email})
        ON CONFLICT (id) DO UPDATE SET allow_list = excluded.allow_list,
          updated_at = excluded.updated_at, updated_by_email = excluded.updated_by_email`.execute(
        trx,
      );
      await writeAudit(trx, actor, {
        action: 'system.egress.save',
        targetType: 'egress',
        targetId: null,
        before: before?.allow_list ?? '',
        after: text,
      });
    });
    await this.apply();
    await this.deps.shared.publish(CHANGED_CHANNEL, 'changed');
    return this.view();
  }

  private async load(db: Db = this.deps.db): Promise<Row | undefined> {
    const found = await sql<Row>`SELECT allow_list, updated_at, updated_by_email
      FROM egress_settings`.execute(db);
    return found.rows[0];
  }
}
