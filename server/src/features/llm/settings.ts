import { sql } from 'kysely';
import type { TLlmSettingsView, TSaveLlmSettingsBody } from '@stratum/core/contract/llm/settings';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { auditNothingChanged, writeAudit, type AuditActor } from '../../lib/audit';
import { decryptSecret, encryptSecret } from '../../lib/secrets';

interface SettingsRow {
  base_url: string;
  model: string;
  api_key_sealed: string | null;
  api_key_hint: string | null;
  updated_at: Date;
  updated_by_email: string | null;
}

/** The endpoint a call goes to: never leaves the server (the key is in it). */
export interface TModelEndpoint {
  baseUrl: string;
  model: string;
  apiKey: string;
  source: 'admin' | 'environment';
  /** Whether the key is the user's own. */
  isOwnKey: boolean;
}

/** The last four characters of a key, so a person can tell which one is stored. */
export const keyHint = (key: string): string => `…${key.slice(-4)}`;

/**
 * The assistant's model setting: the admin's row when it names a base URL, else LLM_BASE_URL,
 * LLM_MODEL, LLM_API_KEY. A user's own key replaces the instance's key, with the same endpoint.
 */
export class LlmSettings {
  constructor(
    private readonly deps: { db: Db; encryptionKey: Buffer; config: Pick<Config, 'llm'> },
  ) {}

  private async row(db: Db = this.deps.db): Promise<SettingsRow | undefined> {
    const found = await sql<SettingsRow>`SELECT base_url, model, api_key_sealed, api_key_hint,
      updated_at, updated_by_email FROM llm_settings`.execute(db);
    return found.rows[0];
  }

  private async ownKey(userId: string): Promise<{ sealed: string; hint: string } | undefined> {
    const found = await sql<{ api_key_sealed: string; api_key_hint: string }>`
      SELECT api_key_sealed, api_key_hint FROM llm_user_keys WHERE user_id = ${userId}`.execute(
      this.deps.db,
    );
    const row = found.rows[0];
    return row && { sealed: row.api_key_sealed, hint: row.api_key_hint };
  }

  /** The endpoint in force for `userId`, or undefined when no model is configured. */
  async endpointFor(userId: string): Promise<TModelEndpoint | undefined> {
    const row = await this.row();
    const env = this.deps.config.llm;
    const own = await this.ownKey(userId);
    const open = (sealed: string) => decryptSecret(this.deps.encryptionKey, sealed);
    let base: Omit<TModelEndpoint, 'isOwnKey'> | undefined;
    if (row && row.base_url !== '') {
      base = {
        baseUrl: row.base_url,
        model: row.model || env.model || '',
        apiKey: row.api_key_sealed ? open(row.api_key_sealed) : '',
        source: 'admin',
      };
    } else if (env.baseUrl) {
      base = {
        baseUrl: env.baseUrl,
        model: env.model ?? '',
        apiKey: env.apiKey ?? '',
        source: 'environment',
      };
    }
    // A model must be named: an endpoint alone cannot answer.
    if (!base || base.model === '') return undefined;
    if (own) return { ...base, apiKey: open(own.sealed), isOwnKey: true };
    return { ...base, isOwnKey: false };
  }

  async status(userId: string) {
    const endpoint = await this.endpointFor(userId);
    const own = await this.ownKey(userId);
    return {
      configured: endpoint !== undefined,
      source: endpoint?.source ?? ('none' as const),
      model: endpoint?.model ?? null,
      ownKey: { hasKey: own !== undefined, hint: own?.hint ?? null },
    };
  }

  async view(): Promise<TLlmSettingsView> {
    const row = await this.row();
    const env = this.deps.config.llm;
    const isAdmin = row !== undefined && row.base_url !== '';
    const isEnv = !isAdmin && Boolean(env.baseUrl);
    const model = isAdmin ? row.model || env.model : env.model;
    return {
      baseUrl: row?.base_url || null,
      model: row?.model || null,
      key: { hasKey: Boolean(row?.api_key_sealed), hint: row?.api_key_hint ?? null },
      environment: {
        baseUrl: env.baseUrl ?? null,
        model: env.model ?? null,
        hasKey: Boolean(env.apiKey),
      },
      source: (isAdmin || isEnv) && model ? (isAdmin ? 'admin' : 'environment') : 'none',
      updatedAt: row?.updated_at.toISOString() ?? null,
      updatedBy: row?.updated_by_email ?? null,
    };
  }

  async save(input: TSaveLlmSettingsBody, actor: AuditActor): Promise<TLlmSettingsView> {
    const { encryptionKey } = this.deps;
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.row(trx);
      const newKey = input.apiKey?.trim();
      let sealed = before?.api_key_sealed ?? null;
      let hint = before?.api_key_hint ?? null;
      if (input.clearKey) {
        sealed = null;
        hint = null;
      }
      if (newKey) {
        sealed = encryptSecret(encryptionKey, newKey);
        hint = keyHint(newKey);
      }
      await sql`INSERT INTO llm_settings (id, base_url, model, api_key_sealed, api_key_hint,
          updated_at, updated_by_email)
        VALUES (true, ${input.baseUrl}, ${input.model.trim()}, ${sealed}, ${hint}, now(), ${actor.email})
        ON CONFLICT (id) DO UPDATE SET base_url = excluded.base_url, model = excluded.model,
          api_key_sealed = excluded.api_key_sealed, api_key_hint = excluded.api_key_hint,
          updated_at = excluded.updated_at, updated_by_email = excluded.updated_by_email`.execute(
        trx,
      );
      // The audit row names what changed; the key appears only as its hint.
      await writeAudit(trx, actor, {
        action: 'system.llm.save',
        targetType: 'llm_settings',
        targetId: null,
        before: before && {
          baseUrl: before.base_url,
          model: before.model,
          key: before.api_key_hint,
        },
        after: { baseUrl: input.baseUrl, model: input.model.trim(), key: hint },
      });
    });
    return this.view();
  }

  async saveOwnKey(actor: AuditActor, apiKey: string) {
    const key = apiKey.trim();
    const hint = keyHint(key);
    await this.deps.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO llm_user_keys (user_id, api_key_sealed, api_key_hint, updated_at)
        VALUES (${actor.id}, ${encryptSecret(this.deps.encryptionKey, key)}, ${hint}, now())
        ON CONFLICT (user_id) DO UPDATE SET api_key_sealed = excluded.api_key_sealed,
          api_key_hint = excluded.api_key_hint, updated_at = excluded.updated_at`.execute(trx);
      // The hint (last characters) only; the key itself never reaches the trail.
      await writeAudit(trx, actor, {
        action: 'llm.key.save',
        targetType: 'llm_key',
        targetId: actor.id,
        after: { hint },
      });
    });
    return { hasKey: true, hint };
  }

  async deleteOwnKey(actor: AuditActor) {
    await this.deps.db.transaction().execute(async (trx) => {
      const result = await sql`DELETE FROM llm_user_keys WHERE user_id = ${actor.id}`.execute(trx);
      if (Number(result.numAffectedRows ?? 0) === 0) {
        auditNothingChanged('no own key was saved');
        return;
      }
      await writeAudit(trx, actor, {
        action: 'llm.key.delete',
        targetType: 'llm_key',
        targetId: actor.id,
      });
    });
    return { hasKey: false, hint: null };
  }
}
