import type { z } from 'zod';
import type { TTagKey, TTagPolicyRecord, ZTagKeyInput } from '@stratum/core/contract/tags/model';
import type { TTagScope, ZTagPolicyInput } from '@stratum/core/tags/model';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { presentKey, presentPolicy } from './presenters';
import type { TagDb, TagKeyRow, TagPolicyRow } from './tables';

type TKeyInput = z.output<typeof ZTagKeyInput>;
type TPolicyInput = z.output<typeof ZTagPolicyInput>;

const MAX_KEYS = 200;
const MAX_POLICIES = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TagCaller {
  userId: string;
  /** Admins edit organisation-wide keys and policies (`tags.manage`). */
  canManageOrg: boolean;
  actor: AuditActor;
}

const keyNotFound = () => new AppError('tags/not_found', 'Tag key not found');
const policyNotFound = () => new AppError('tags/not_found', 'Tag policy not found');

/** A unique index refused the row: the same key twice in one scope. */
function duplicateKey(error: unknown, key: string): never {
  if ((error as { code?: string }).code === '23505') {
    throw new AppError('tags/duplicate', `There is already a tag key “${key}” here.`);
  }
  throw error;
}

const keyValues = (input: TKeyInput) => ({
  key: input.key,
  description: input.description,
  values: JSON.stringify(input.values),
});

const policyValues = (input: TPolicyInput) => ({
  name: input.name,
  description: input.description,
  cloud: input.cloud,
  enforcement: input.enforcement,
  resource_types: JSON.stringify(input.resourceTypes),
  rules: JSON.stringify(input.rules),
  enabled: input.enabled,
});

/** Keys and policies: the caller's own (scope `user`) or the organisation's (scope `org`). */
export class TagsService {
  constructor(private readonly db: TagDb) {}

  private canEdit = (caller: TagCaller, row: { scope: TTagScope; user_id: string | null }) =>
    row.scope === 'org' ? caller.canManageOrg : row.user_id === caller.userId;

  async listKeys(caller: TagCaller): Promise<TTagKey[]> {
    const rows = await this.db
      .selectFrom('tag_keys')
      .selectAll()
      .where((eb) => eb.or([eb('scope', '=', 'org'), eb('user_id', '=', caller.userId)]))
      .orderBy('key')
      .orderBy('scope')
      .execute();
    return rows.map((r) => presentKey(r, this.canEdit(caller, r)));
  }

  async listPolicies(caller: TagCaller): Promise<TTagPolicyRecord[]> {
    const rows = await this.db
      .selectFrom('tag_policies')
      .selectAll()
      .where((eb) => eb.or([eb('scope', '=', 'org'), eb('user_id', '=', caller.userId)]))
      .orderBy('scope')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => presentPolicy(r, this.canEdit(caller, r)));
  }

  private ownerOf = (caller: TagCaller, scope: TTagScope) =>
    scope === 'org' ? null : caller.userId;

  private async count(table: 'tag_keys' | 'tag_policies', owner: string | null, db: TagDb) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where((eb) => (owner === null ? eb('scope', '=', 'org') : eb('user_id', '=', owner)))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async createKey(caller: TagCaller, scope: TTagScope, input: TKeyInput): Promise<TTagKey> {
    const owner = this.ownerOf(caller, scope);
    return this.db.transaction().execute(async (trx) => {
      if ((await this.count('tag_keys', owner, trx)) >= MAX_KEYS)
        throw new AppError(
          'tags/too_many',
          `There are ${MAX_KEYS} tag keys here, the most there may be.`,
        );
      const row = await trx
        .insertInto('tag_keys')
        .values({ scope, user_id: owner, ...keyValues(input) })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch((e: unknown) => duplicateKey(e, input.key));
      await this.audit(trx, caller, scope, 'key_create', row.id, undefined, row);
      return presentKey(row, true);
    });
  }

  async updateKey(caller: TagCaller, scope: TTagScope, id: string, input: TKeyInput) {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.findKey(trx, caller, scope, id);
      const row = await trx
        .updateTable('tag_keys')
        .set({ ...keyValues(input), updated_at: new Date() })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch((e: unknown) => duplicateKey(e, input.key));
      await this.audit(trx, caller, scope, 'key_update', id, before, row);
      return presentKey(row, true);
    });
  }

  async deleteKey(caller: TagCaller, scope: TTagScope, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await this.findKey(trx, caller, scope, id);
      await trx.deleteFrom('tag_keys').where('id', '=', before.id).execute();
      await this.audit(trx, caller, scope, 'key_delete', id, before, undefined);
    });
  }

  async createPolicy(caller: TagCaller, scope: TTagScope, input: TPolicyInput) {
    const owner = this.ownerOf(caller, scope);
    return this.db.transaction().execute(async (trx) => {
      if ((await this.count('tag_policies', owner, trx)) >= MAX_POLICIES)
        throw new AppError(
          'tags/too_many',
          `There are ${MAX_POLICIES} tag policies here, the most there may be.`,
        );
      const row = await trx
        .insertInto('tag_policies')
        .values({ scope, user_id: owner, ...policyValues(input) })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.audit(trx, caller, scope, 'policy_create', row.id, undefined, row);
      return presentPolicy(row, true);
    });
  }

  async updatePolicy(caller: TagCaller, scope: TTagScope, id: string, input: TPolicyInput) {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.findPolicy(trx, caller, scope, id);
      const row = await trx
        .updateTable('tag_policies')
        .set({ ...policyValues(input), updated_at: new Date() })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.audit(trx, caller, scope, 'policy_update', id, before, row);
      return presentPolicy(row, true);
    });
  }

  async deletePolicy(caller: TagCaller, scope: TTagScope, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await this.findPolicy(trx, caller, scope, id);
      await trx.deleteFrom('tag_policies').where('id', '=', before.id).execute();
      await this.audit(trx, caller, scope, 'policy_delete', id, before, undefined);
    });
  }

  private async findKey(db: TagDb, caller: TagCaller, scope: TTagScope, id: string) {
    if (!UUID.test(id)) throw keyNotFound();
    const row = await db
      .selectFrom('tag_keys')
      .selectAll()
      .where('id', '=', id)
      .where('scope', '=', scope)
      .where((eb) => (scope === 'org' ? eb.val(true) : eb('user_id', '=', caller.userId)))
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw keyNotFound();
    return row;
  }

  private async findPolicy(db: TagDb, caller: TagCaller, scope: TTagScope, id: string) {
    if (!UUID.test(id)) throw policyNotFound();
    const row = await db
      .selectFrom('tag_policies')
      .selectAll()
      .where('id', '=', id)
      .where('scope', '=', scope)
      .where((eb) => (scope === 'org' ? eb.val(true) : eb('user_id', '=', caller.userId)))
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw policyNotFound();
    return row;
  }

  private async audit(
    trx: TagDb,
    caller: TagCaller,
    scope: TTagScope,
    verb: string,
    id: string,
    before: TagKeyRow | TagPolicyRow | undefined,
    after: TagKeyRow | TagPolicyRow | undefined,
  ) {
    const isKey = verb.startsWith('key');
    await writeAudit(trx, caller.actor, {
      action: `tags.${scope === 'org' ? 'org_' : ''}${verb}`,
      targetType: isKey ? 'tag_key' : 'tag_policy',
      targetId: id,
      ...(before && { before: auditShape(before) }),
      ...(after && { after: auditShape(after) }),
    });
  }
}

/** What the trail keeps of a key or policy: its content, not its bookkeeping. */
function auditShape(row: TagKeyRow | TagPolicyRow) {
  const { created_at: _c, updated_at: _u, user_id: _o, ...rest } = row;
  return rest;
}
