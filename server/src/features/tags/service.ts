import type { z } from 'zod';
import type { TTagKey, TTagPolicyRecord, ZTagKeyInput } from '@stratum/core/contract/tags/model';
import type { TTagScope, ZTagPolicyInput } from '@stratum/core/tags/model';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { presentKey, presentPolicy } from './presenters';
import type { TagDb, TagKeyRow, TagPolicyRow } from './tables';

type TKeyInput = z.output<typeof ZTagKeyInput>;
type TPolicyInput = z.output<typeof ZTagPolicyInput>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TagCaller {
  userId: string;
  /** Admins edit organisation-wide keys and policies (`tags.manage`). */
  canManageOrg: boolean;
  actor: AuditActor;
}

/** What differs between keys and policies; the scoping, limits and audit are shared. */
interface TKind<Row, Input, Out> {
  table: 'tag_keys' | 'tag_policies';
  /** `key` or `policy`: the audit action's verb stem and target type. */
  noun: 'key' | 'policy';
  label: string;
  max: number;
  values: (input: Input) => Record<string, unknown>;
  present: (row: Row, canEdit: boolean) => Out;
  /** The unique index's message (keys only). */
  duplicate?: (input: Input) => string;
}

const KEY: TKind<TagKeyRow, TKeyInput, TTagKey> = {
  table: 'tag_keys',
  noun: 'key',
  label: 'Tag key',
  max: 200,
  values: (input) => ({
    key: input.key,
    description: input.description,
    values: JSON.stringify(input.values),
  }),
  present: presentKey,
  duplicate: (input) => `There is already a tag key “${input.key}” here.`,
};

const POLICY: TKind<TagPolicyRow, TPolicyInput, TTagPolicyRecord> = {
  table: 'tag_policies',
  noun: 'policy',
  label: 'Tag policy',
  max: 100,
  values: (input) => ({
    name: input.name,
    description: input.description,
    cloud: input.cloud,
    enforcement: input.enforcement,
    resource_types: JSON.stringify(input.resourceTypes),
    rules: JSON.stringify(input.rules),
    enabled: input.enabled,
  }),
  present: presentPolicy,
};

type TScoped = { id: string; scope: TTagScope; user_id: string | null };

/** Keys and policies: the caller's own (scope `user`) or the organisation's (scope `org`). */
export class TagsService {
  constructor(private readonly db: TagDb) {}

  listKeys = (caller: TagCaller) => this.list(KEY, caller, ['key', 'scope']);
  listPolicies = (caller: TagCaller) => this.list(POLICY, caller, ['scope', 'created_at']);
  createKey = (caller: TagCaller, scope: TTagScope, input: TKeyInput) =>
    this.create(KEY, caller, scope, input);
  updateKey = (caller: TagCaller, scope: TTagScope, id: string, input: TKeyInput) =>
    this.update(KEY, caller, scope, id, input);
  deleteKey = (caller: TagCaller, scope: TTagScope, id: string) =>
    this.remove(KEY, caller, scope, id);
  createPolicy = (caller: TagCaller, scope: TTagScope, input: TPolicyInput) =>
    this.create(POLICY, caller, scope, input);
  updatePolicy = (caller: TagCaller, scope: TTagScope, id: string, input: TPolicyInput) =>
    this.update(POLICY, caller, scope, id, input);
  deletePolicy = (caller: TagCaller, scope: TTagScope, id: string) =>
    this.remove(POLICY, caller, scope, id);

  private canEdit = (caller: TagCaller, row: TScoped) =>
    row.scope === 'org' ? caller.canManageOrg : row.user_id === caller.userId;

  private async list<Row extends TScoped, Input, Out>(
    kind: TKind<Row, Input, Out>,
    caller: TagCaller,
    order: readonly ('key' | 'scope' | 'created_at')[],
  ): Promise<Out[]> {
    let query = this.db
      .selectFrom(kind.table)
      .selectAll()
      .where((eb) => eb.or([eb('scope', '=', 'org'), eb('user_id', '=', caller.userId)]));
    for (const column of order) query = query.orderBy(column as 'scope');
    const rows = (await query.orderBy('id').execute()) as unknown as Row[];
    return rows.map((r) => kind.present(r, this.canEdit(caller, r)));
  }

  private async create<Row extends TScoped, Input, Out>(
    kind: TKind<Row, Input, Out>,
    caller: TagCaller,
    scope: TTagScope,
    input: Input,
  ): Promise<Out> {
    const owner = scope === 'org' ? null : caller.userId;
    return this.db.transaction().execute(async (trx) => {
      const count = await trx
        .selectFrom(kind.table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where((eb) => (owner === null ? eb('scope', '=', 'org') : eb('user_id', '=', owner)))
        .executeTakeFirst();
      if (Number(count?.n ?? 0) >= kind.max) {
        throw new AppError(
          'tags/too_many',
          `There are ${kind.max} ${kind.label.toLowerCase()}s here, the most there may be.`,
        );
      }
      const row = (await trx
        .insertInto(kind.table)
        .values({ scope, user_id: owner, ...kind.values(input) } as never)
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch((e: unknown) => this.refuse(kind, input, e))) as unknown as Row;
      await this.audit(trx, caller, kind, scope, 'create', row.id, undefined, row);
      return kind.present(row, true);
    });
  }

  private async update<Row extends TScoped, Input, Out>(
    kind: TKind<Row, Input, Out>,
    caller: TagCaller,
    scope: TTagScope,
    id: string,
    input: Input,
  ): Promise<Out> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.find(trx, kind, caller, scope, id);
      const row = (await trx
        .updateTable(kind.table)
        .set({ ...kind.values(input), updated_at: new Date() } as never)
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch((e: unknown) => this.refuse(kind, input, e))) as unknown as Row;
      await this.audit(trx, caller, kind, scope, 'update', id, before, row);
      return kind.present(row, true);
    });
  }

  private async remove<Row extends TScoped, Input, Out>(
    kind: TKind<Row, Input, Out>,
    caller: TagCaller,
    scope: TTagScope,
    id: string,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await this.find(trx, kind, caller, scope, id);
      await trx.deleteFrom(kind.table).where('id', '=', before.id).execute();
      await this.audit(trx, caller, kind, scope, 'delete', id, before, undefined);
    });
  }

  /** The row, locked, when it is in the scope and the caller's (any org row for admins). */
  private async find<Row extends TScoped, Input, Out>(
    db: TagDb,
    kind: TKind<Row, Input, Out>,
    caller: TagCaller,
    scope: TTagScope,
    id: string,
  ): Promise<Row> {
    const notFound = () => new AppError('tags/not_found', `${kind.label} not found`);
    if (!UUID.test(id)) throw notFound();
    const row = await db
      .selectFrom(kind.table)
      .selectAll()
      .where('id', '=', id)
      .where('scope', '=', scope)
      .where((eb) => (scope === 'org' ? eb.val(true) : eb('user_id', '=', caller.userId)))
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    return row as unknown as Row;
  }

  /** A unique index refused the row: the same key twice in one scope. */
  private refuse<Input>(kind: TKind<never, Input, unknown>, input: Input, error: unknown): never {
    if ((error as { code?: string }).code === '23505' && kind.duplicate)
      throw new AppError('tags/duplicate', kind.duplicate(input));
    throw error;
  }

  private async audit<Row extends TScoped>(
    trx: TagDb,
    caller: TagCaller,
    kind: { noun: 'key' | 'policy' },
    scope: TTagScope,
    verb: 'create' | 'update' | 'delete',
    id: string,
    before: Row | undefined,
    after: Row | undefined,
  ) {
    await writeAudit(trx, caller.actor, {
      action: `tags.${scope === 'org' ? 'org_' : ''}${kind.noun}_${verb}`,
      targetType: kind.noun === 'key' ? 'tag_key' : 'tag_policy',
      targetId: id,
      ...(before && { before: auditShape(before) }),
      ...(after && { after: auditShape(after) }),
    });
  }
}

/** What the trail keeps of a key or policy: its content, not its bookkeeping. */
function auditShape(row: object) {
  const { created_at: _c, updated_at: _u, user_id: _o, ...rest } = row as Record<string, unknown>;
  return rest;
}
