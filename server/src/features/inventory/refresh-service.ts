import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type {
  TImportResult,
  TRefreshConfig,
  TRefreshCredentials,
} from '@stratum/core/contract/inventory/sources';
import { SOURCE_MAX_BYTES, type TSource } from '@stratum/core/contract/inventory/model';
import type { EgressPolicy } from '../../lib/egress';
import { leasedJob } from '../../lib/leased-job';
import { Ticker } from '../../lib/ticker';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { decryptSecret, encryptSecret } from '../../lib/secrets';
import { tooLarge } from './read-body';
import { fetchRefresh, locationOf, RefreshError, type TRefreshKind } from './refresh-fetch';
import * as repo from './repository';
import type { SourcesService } from './sources-service';
import type { RefreshRow, RefreshTarget } from './tables';

/** Which credentials each backend takes. */
const CREDENTIALS_FOR: Record<TRefreshKind, readonly TRefreshCredentials['kind'][]> = {
  url: ['none', 'header'],
  s3: ['none', 'aws'],
  azureblob: ['none', 'azure-sas', 'azure-key'],
  gcs: ['none', 'gcp-service-account', 'gcp-token'],
};
const REQUIRED: Record<TRefreshKind, readonly (keyof RefreshTarget)[]> = {
  url: ['url'],
  s3: ['bucket', 'key', 'region'],
  azureblob: ['bucket', 'container', 'key'],
  gcs: ['bucket', 'key'],
};
const NAMES: Record<keyof RefreshTarget, string> = {
  url: 'the URL',
  bucket: 'the bucket (for Azure: the storage account)',
  container: 'the container',
  key: 'the object key',
  region: 'the region',
  endpoint: 'the endpoint',
};
export const SCHEDULE_TICK_MS = 60_000;
const CLAIM_BATCH = 5;

export interface RefreshDeps {
  sources: SourcesService;
  egress: EgressPolicy;
  encryptionKey: Buffer;
  log: { error(obj: object, msg: string): void };
}

const invalid = (message: string) => new AppError('request/invalid', message);

function targetOf(config: TRefreshConfig): RefreshTarget {
  const missing = REQUIRED[config.kind].filter((k) => !config[k]);
  if (missing.length > 0) {
    throw invalid(`Say ${missing.map((k) => NAMES[k]).join(' and ')}.`);
  }
  if (config.kind === 'url') {
    let url: URL;
    try {
      url = new URL(config.url ?? '');
    } catch {
      throw invalid('That is not a URL.');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw invalid('The URL must be https.');
    if (url.username || url.password) {
      throw invalid('Put credentials in the Authorization header, not in the URL.');
    }
    return { url: url.toString() };
  }
  const target: RefreshTarget = {};
  for (const k of REQUIRED[config.kind]) target[k] = config[k];
  if (config.endpoint) target.endpoint = endpointOf(config.endpoint);
  return target;
}

/** An endpoint as `scheme://host[:port]`, without a path, credentials or query. */
function endpointOf(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid('The endpoint is not a URL (https://host:port).');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw invalid('The endpoint must be an https (or http) URL.');
  if (url.username || url.password || url.search || (url.pathname !== '/' && url.pathname !== ''))
    throw invalid('The endpoint is a scheme, host and port only (https://host:port).');
  return url.origin;
}

/** Longer than a tick's refreshes should take; a crashed holder frees it after this. */
const REFRESH_LEASE_MS = 10 * 60_000;

/** A source refreshed on a schedule from a URL or a state backend (issue 14 §1). */
export class RefreshService {
  /** A tick runs in one process at a time (the claim also keeps each refresh to one run). */
  readonly tick: () => Promise<boolean>;
  private readonly ticker: Ticker;

  constructor(private readonly deps: RefreshDeps) {
    this.tick = leasedJob(deps.sources.db, 'inventory-refresh', REFRESH_LEASE_MS, () =>
      this.runDue(),
    );
    this.ticker = new Ticker(SCHEDULE_TICK_MS, this.tick, (e) =>
      deps.log.error({ err: e }, 'source refresh tick failed'),
    );
  }

  private get db() {
    return this.deps.sources.db;
  }

  async set(
    actor: AuditActor,
    sourceId: string,
    config: TRefreshConfig,
    now = new Date(),
  ): Promise<TSource> {
    const userId = actor.id;
    const source = await this.deps.sources.find(userId, sourceId);
    const target = targetOf(config);
    if (config.credentials && !CREDENTIALS_FOR[config.kind].includes(config.credentials.kind)) {
      throw invalid(
        `A ${config.kind} backend takes ${CREDENTIALS_FOR[config.kind].map((k) => `"${k}"`).join(', ')} credentials.`,
      );
    }
    const existing = await this.db
      .selectFrom('inventory_refresh')
      .selectAll()
      .where('source_id', '=', source.id)
      .executeTakeFirst();
    const sealed =
      config.credentials === undefined
        ? existing?.kind === config.kind
          ? existing.sealed_credentials
          : null
        : config.credentials.kind === 'none'
          ? null
          : encryptSecret(this.deps.encryptionKey, JSON.stringify(config.credentials));
    const values = {
      user_id: userId,
      kind: config.kind,
      config: JSON.stringify(target),
      location: locationOf(config.kind, target),
      sealed_credentials: sealed,
      interval_minutes: config.intervalMinutes,
      next_run_at: new Date(now.getTime() + config.intervalMinutes * 60_000),
    };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('inventory_refresh')
        .values({ source_id: source.id, ...values })
        .onConflict((oc) => oc.column('source_id').doUpdateSet(values))
        .execute();
      // Where from and how often; the credentials stay sealed and out of the trail.
      await writeAudit(trx, actor, {
        action: 'inventory.refresh.set',
        targetType: 'inventory_source',
        targetId: source.id,
        before: existing ? { kind: existing.kind, location: existing.location } : undefined,
        after: {
          kind: config.kind,
          location: values.location,
          intervalMinutes: config.intervalMinutes,
          hasCredentials: sealed !== null,
        },
      });
    });
    const { versions: _versions, ...summary } = await this.deps.sources.get(userId, source.id);
    return summary;
  }

  async remove(actor: AuditActor, sourceId: string): Promise<void> {
    const source = await this.deps.sources.find(actor.id, sourceId);
    await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom('inventory_refresh')
        .where('source_id', '=', source.id)
        .executeTakeFirst();
      if (result.numDeletedRows === 0n) {
        throw new AppError(
          'inventory/source_not_found',
          'This source is not refreshed on a schedule.',
        );
      }
      await writeAudit(trx, actor, {
        action: 'inventory.refresh.delete',
        targetType: 'inventory_source',
        targetId: source.id,
      });
    });
  }

  /** Fetches now; a failure is recorded on the source and answered inventory/refresh_failed. */
  async runNow(actor: AuditActor, sourceId: string): Promise<TImportResult['data']> {
    const source = await this.deps.sources.find(actor.id, sourceId);
    const row = await this.db
      .selectFrom('inventory_refresh')
      .selectAll()
      .where('source_id', '=', source.id)
      .executeTakeFirst();
    if (!row) {
      throw new AppError(
        'inventory/source_not_found',
        'This source has no backend to refresh from: set one first.',
      );
    }
    const outcome = await this.refresh(row, actor);
    if (!outcome.ok) throw new AppError('inventory/refresh_failed', outcome.message);
    if (!outcome.isNew) {
      // Nothing new was stored, so no version transaction carried the entry: the run is still recorded.
      await writeAudit(this.db, actor, {
        action: 'inventory.refresh.run',
        targetType: 'inventory_source',
        targetId: source.id,
        after: { version: outcome.result.version, unchanged: true },
      });
    }
    return outcome.result;
  }

  private async refresh(
    row: RefreshRow,
    actor?: AuditActor,
  ): Promise<
    { ok: true; result: TImportResult['data']; isNew: boolean } | { ok: false; message: string }
  > {
    let outcome:
      | { ok: true; result: TImportResult['data']; text: string; isNew: boolean }
      | { ok: false; message: string };
    try {
      const credentials: TRefreshCredentials = row.sealed_credentials
        ? (JSON.parse(
            decryptSecret(this.deps.encryptionKey, row.sealed_credentials),
          ) as TRefreshCredentials)
        : { kind: 'none' };
      const body = await fetchRefresh(this.deps.egress, row.kind, row.config, credentials);
      const sha256 = createHash('sha256').update(body).digest('hex');
      const current = await repo.currentVersionOf(this.db, row.source_id);
      if (current && current.sha256 === sha256) {
        outcome = {
          ok: true,
          text: `Unchanged (version ${current.version})`,
          isNew: false,
          result: {
            id: row.source_id,
            version: current.version,
            counts: current.counts,
            warnings: current.warnings,
          },
        };
      } else {
        if (body.length > SOURCE_MAX_BYTES) throw tooLarge();
        const result = await this.deps.sources.reimport(
          row.user_id,
          row.source_id,
          { text: body.toString('utf8'), bytes: body.length, sha256 },
          'refresh',
          actor,
        );
        outcome = { ok: true, result, text: `Imported version ${result.version}`, isNew: true };
      }
    } catch (error) {
      if (error instanceof RefreshError || error instanceof AppError) {
        outcome = { ok: false, message: error.message };
      } else if (
        (error as Error).message === 'Unknown secret format' ||
        (error as { code?: string }).code === 'ERR_CRYPTO_INVALID_AUTH_TAG'
      ) {
        outcome = {
          ok: false,
          message:
            'The stored credentials cannot be read (the server key changed): set them again.',
        };
      } else {
        this.deps.log.error({ err: error }, 'source refresh failed');
        outcome = { ok: false, message: 'The refresh failed on the server.' };
      }
    }
    await this.db
      .updateTable('inventory_refresh')
      .set({
        last_run_at: new Date(),
        last_ok: outcome.ok,
        last_result: outcome.ok ? outcome.text : outcome.message,
      })
      .where('source_id', '=', row.source_id)
      .execute();
    return outcome.ok ? { ok: true, result: outcome.result, isNew: outcome.isNew } : outcome;
  }

  /** Runs every due refresh this process claims (FOR UPDATE SKIP LOCKED, next run moved on). */
  async runDue(now = new Date()): Promise<number> {
    let ran = 0;
    for (;;) {
      const { rows } = await sql<RefreshRow>`
        UPDATE inventory_refresh r
        SET next_run_at = ${now}::timestamptz + make_interval(mins => r.interval_minutes)
        WHERE r.source_id IN (
          SELECT source_id FROM inventory_refresh
          WHERE next_run_at <= ${now}
          ORDER BY next_run_at
          LIMIT ${CLAIM_BATCH}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING r.*`.execute(this.db);
      for (const row of rows) await this.refresh(row);
      ran += rows.length;
      if (rows.length < CLAIM_BATCH) return ran;
    }
  }

  /** Every SCHEDULE_TICK_MS; a tick does not start while the previous one still runs. */
  start(): void {
    this.ticker.start();
  }

  stop(): Promise<void> {
    return this.ticker.stop();
  }
}
