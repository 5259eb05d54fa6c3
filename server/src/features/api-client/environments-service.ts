import { API_LIMITS, type TEnvVariable } from '@stratum/core/api-client/model';
import { scopeOf } from '@stratum/core/api-client/variables';
import type { TEnvironment } from '@stratum/core/contract/api-client/environments';
import type { Db } from '../../db/database';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { decryptSecret, encryptSecret } from '../../lib/secrets';
import * as repo from './environments-repository';
import {
  applyChanges,
  mergeVariables,
  valuesOf,
  type EnvironmentChanges,
  type EnvironmentState,
  type SecretValues,
} from './environments-variables';
import { presentEnvironment, presentEnvironmentSummary } from './presenters';
import { lockUserFor, type EnvironmentRow } from './repository';

export type { EnvironmentChanges } from './environments-variables';

export const environmentNotFound = () => new AppError('api/not_found', 'Environment not found');

function unseal(key: Buffer, row: EnvironmentRow): EnvironmentState {
  let secrets: SecretValues = {};
  if (row.sealed_secrets !== null) {
    try {
      secrets = JSON.parse(decryptSecret(key, row.sealed_secrets)) as SecretValues;
    } catch (error) {
      throw new Error(
        `secret variables of environment ${row.id} cannot be read (was SECRET_KEY changed?)`,
        { cause: error },
      );
    }
  }
  return { variables: row.variables, secrets };
}

function seal(key: Buffer, name: string, state: EnvironmentState): repo.EnvironmentValues {
  const hasSecrets = Object.keys(state.secrets).length > 0;
  return {
    name,
    variables: state.variables,
    sealedSecrets: hasSecrets ? encryptSecret(key, JSON.stringify(state.secrets)) : null,
  };
}

async function lockedEnvironment(trx: Db, userId: string, id: string): Promise<EnvironmentRow> {
  const row = await repo.findSealedEnvironment(trx, userId, id, true);
  if (!row) throw environmentNotFound();
  return row;
}

/**
 * For the runner: the environment's enabled variables with secret values decrypted, as the
 * scope `substitute` reads. Unknown ids and other users' answer 404 `api/not_found`.
 */
export async function loadEnvironmentScope(
  db: Db,
  encryptionKey: Buffer,
  userId: string,
  environmentId: string,
): Promise<Map<string, string>> {
  const row = await repo.findSealedEnvironment(db, userId, environmentId);
  if (!row) throw environmentNotFound();
  const state = unseal(encryptionKey, row);
  const values = valuesOf(state);
  return scopeOf(
    state.variables.map((v) => ({
      key: v.key,
      value: values.get(v.key) ?? '',
      enabled: v.enabled,
    })),
  );
}

/**
 * For the runner: what scripts did to the environment (`pm.environment.set/unset`), in one
 * transaction holding the row. A changed secret stays secret; a new name is a plain, enabled
 * variable. Adds one to the revision, so an editor open on the old one is told to reload.
 * Throws `api/not_found`, `api/limit_reached` (over 500 variables) or `request/invalid` (a
 * name or value that cannot be stored).
 */
export async function applyEnvironmentChanges(
  db: Db,
  encryptionKey: Buffer,
  userId: string,
  environmentId: string,
  changes: EnvironmentChanges,
  /** Who ran the scripts: the change is audited (variable names only) when given. */
  actor?: AuditActor,
): Promise<void> {
  if (Object.keys(changes.set).length === 0 && changes.unset.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const row = await lockedEnvironment(trx, userId, environmentId);
    const next = applyChanges(unseal(encryptionKey, row), changes);
    await repo.updateEnvironment(
      trx,
      userId,
      row.id,
      row.revision,
      seal(encryptionKey, row.name, next),
    );
    if (actor) {
      await writeAudit(trx, actor, {
        action: 'apiClient.environments.script',
        targetType: 'api_environment',
        targetId: row.id,
        after: {
          name: row.name,
          set: Object.keys(changes.set).sort(),
          unset: [...changes.unset].sort(),
        },
      });
    }
  });
}

/** A user's environments: secrets sealed at rest and masked in every answer but `reveal`. */
export class EnvironmentsService {
  constructor(
    private readonly db: Db,
    private readonly encryptionKey: Buffer,
  ) {}

  async list(userId: string) {
    const rows = await repo.listEnvironments(this.db, userId);
    return {
      environments: rows.map(presentEnvironmentSummary),
      limit: API_LIMITS.environmentsPerUser,
    };
  }

  async get(userId: string, id: string): Promise<TEnvironment> {
    const row = await repo.findEnvironment(this.db, userId, id);
    if (!row) throw environmentNotFound();
    return presentEnvironment(row);
  }

  async create(actor: AuditActor, input: { name: string; variables: TEnvVariable[] }) {
    const userId = actor.id;
    const state = mergeVariables(input.variables, { variables: [], secrets: {} });
    const row = await this.db.transaction().execute(async (trx) => {
      await lockUserFor(trx, 'environments', userId);
      if ((await repo.countEnvironments(trx, userId)) >= API_LIMITS.environmentsPerUser) {
        throw new AppError(
          'api/limit_reached',
          `You can keep at most ${API_LIMITS.environmentsPerUser} environments. Delete one first.`,
        );
      }
      const inserted = await repo.insertEnvironment(
        trx,
        userId,
        seal(this.encryptionKey, input.name, state),
      );
      await writeAudit(trx, actor, {
        action: 'apiClient.environments.create',
        targetType: 'api_environment',
        targetId: inserted.id,
        after: trailOf(inserted),
      });
      return inserted;
    });
    return presentEnvironment(row);
  }

  /** Holds the row while merging (kept secrets are read from it); a stale revision is a 409. */
  async update(
    actor: AuditActor,
    id: string,
    input: { revision: number; name: string; variables: TEnvVariable[] },
  ): Promise<TEnvironment> {
    const userId = actor.id;
    const row = await this.db.transaction().execute(async (trx) => {
      const current = await lockedEnvironment(trx, userId, id);
      if (current.revision !== input.revision) {
        throw new AppError(
          'api/revision_conflict',
          'This environment was changed elsewhere since you opened it. Reload it to see the changes.',
          { currentRevision: current.revision },
        );
      }
      const next = mergeVariables(input.variables, unseal(this.encryptionKey, current));
      const updated = await repo.updateEnvironment(
        trx,
        userId,
        id,
        input.revision,
        seal(this.encryptionKey, input.name, next),
      );
      if (updated) {
        await writeAudit(trx, actor, {
          action: 'apiClient.environments.update',
          targetType: 'api_environment',
          targetId: id,
          before: trailOf(current),
          after: trailOf(updated),
        });
      }
      return updated;
    });
    if (!row) throw environmentNotFound();
    return presentEnvironment(row);
  }

  async remove(actor: AuditActor, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.findSealedEnvironment(trx, actor.id, id);
      if (!row || !(await repo.deleteEnvironment(trx, actor.id, id))) throw environmentNotFound();
      await writeAudit(trx, actor, {
        action: 'apiClient.environments.delete',
        targetType: 'api_environment',
        targetId: id,
        before: trailOf(row),
      });
    });
  }

  /** One variable's stored value (a secret decrypted), for its owner's eye button. Audited. */
  async reveal(actor: AuditActor, id: string, key: string) {
    const row = await repo.findSealedEnvironment(this.db, actor.id, id);
    if (!row) throw environmentNotFound();
    const name = key.trim();
    if (!row.variables.some((v) => v.key === name)) {
      throw new AppError('api/not_found', `This environment has no variable named ${name}`);
    }
    const value = valuesOf(unseal(this.encryptionKey, row)).get(name) ?? '';
    await writeAudit(this.db, actor, {
      action: 'apiClient.environments.reveal',
      targetType: 'api_environment',
      targetId: id,
      after: { variable: name },
    });
    return { key: name, value };
  }
}

/** What the trail keeps of an environment: its name and variable names, never a value. */
function trailOf(row: { name: string; revision: number; variables: { key: string }[] }) {
  return { name: row.name, revision: row.revision, variables: row.variables.map((v) => v.key) };
}
