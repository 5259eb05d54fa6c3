import { API_LIMITS, ZApiRequest } from '@stratum/core/api-client/model';
import { ZHistoryInput, type THistoryInput } from '@stratum/core/contract/api-client/history';
import type { Db } from '../../db/database';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import * as repo from './history-repository';
import { presentHistoryEntry, presentHistorySummary } from './presenters';
import { lockUserFor } from './repository';

export type { THistoryInput } from '@stratum/core/contract/api-client/history';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** NUL and lone surrogates (which PostgreSQL refuses) out of text that came from elsewhere. */
const storable = (text: string) =>
  text.replaceAll('\u0000', '\ufffd').replace(LONE_SURROGATE, '\ufffd');

/**
 * For the runner: records one sent request and drops the user's entries past the newest
 * `API_LIMITS.historyEntries`, in one transaction (serialised per user). `status` or `error`
 * must be set; a `collectionId` not the user's own is recorded as none. Never a response body.
 */
export async function appendHistory(
  db: Db,
  userId: string,
  entry: THistoryInput,
): Promise<{ id: string }> {
  const parsed = ZHistoryInput.safeParse(entry);
  if (!parsed.success) throw new Error(`history entry refused: ${parsed.error.message}`);
  const e = parsed.data;
  if (e.status === null && e.error === null)
    throw new Error('history entry without status or error');
  return db.transaction().execute(async (trx) => {
    await lockUserFor(trx, 'history', userId);
    const id = await repo.insertHistoryEntry(trx, userId, {
      method: storable(e.method).slice(0, 64),
      url: storable(e.url),
      status: e.status,
      error: e.error === null ? null : storable(e.error).slice(0, 2_000),
      durationMs: Math.min(e.durationMs, 2 ** 31 - 1),
      sizeBytes: e.sizeBytes,
      request: JSON.parse(storable(JSON.stringify(e.request))) as unknown,
      collectionId: e.collectionId,
      itemId: e.itemId,
    });
    await repo.trimHistory(trx, userId, API_LIMITS.historyEntries);
    return { id };
  });
}

const entryNotFound = () => new AppError('api/not_found', 'History entry not found');

/** The user's history, read and pruned; `appendHistory` writes it. */
export class HistoryService {
  constructor(private readonly db: Db) {}

  async list(userId: string) {
    const rows = await repo.listHistory(this.db, userId, API_LIMITS.historyEntries);
    return { entries: rows.map(presentHistorySummary), limit: API_LIMITS.historyEntries };
  }

  async get(userId: string, id: string) {
    const row = await repo.findHistoryEntry(this.db, userId, id);
    if (!row) throw entryNotFound();
    // Parsed, not trusted: defaults added to the request model since the entry was written apply.
    return presentHistoryEntry(row, ZApiRequest.parse(row.request));
  }

  async remove(actor: AuditActor, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.deleteHistoryEntry(trx, actor.id, id))) throw entryNotFound();
      await writeAudit(trx, actor, {
        action: 'apiClient.history.delete',
        targetType: 'api_history',
        targetId: id,
      });
    });
  }

  async clear(actor: AuditActor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await repo.clearHistory(trx, actor.id);
      await writeAudit(trx, actor, {
        action: 'apiClient.history.clear',
        targetType: 'api_history',
        targetId: null,
      });
    });
  }
}
