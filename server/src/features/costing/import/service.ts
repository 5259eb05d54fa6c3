import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import {
  PRICE_IMPORT_FORMAT_INFO,
  PRICE_IMPORT_MAX_BYTES,
  type TPriceImportFormat,
} from '@stratum/core/contract/admin/price-imports';
import type { Db } from '../../../db/database';
import { writeAudit, type AuditActor } from '../../../lib/audit';
import { EgressRefusedError } from '../../../lib/egress';
import { AppError } from '../../../lib/errors';
import type { BookService } from '../book-service';
import { applyImport } from './apply';
import { fetchAzurePages, fetchSource, type TFetchDeps } from './fetch-source';
import { PRICE_LIST_READERS } from './registry';
import { StagingSink } from './staging';
import { withPriceTables, type PriceDb, type PriceImportRow } from './tables';
import { PriceListError } from './types';

/** An import with no progress for this long is taken as dead (its process ended mid-way). */
const STALE_AFTER = '5 minutes';
const PROGRESS_EVERY_MS = 1000;

export interface PriceImportDeps {
  db: Db;
  books: BookService;
  fetch: TFetchDeps;
  log: FastifyBaseLogger;
}

export interface TStartInput {
  format: TPriceImportFormat;
  fileName?: string | undefined;
  byteSize?: number | undefined;
  url?: string | undefined;
  asOf?: string | undefined;
}

const CLOUD_NAMES: Record<string, string> = { aws: 'AWS', azure: 'Azure', gcp: 'GCP', oci: 'OCI' };
const today = () => new Date().toISOString().slice(0, 10);

/** Imports of the providers' price lists: create, read the file as it streams, apply. */
export class PriceImportService {
  private readonly db: PriceDb;
  /** Imports being read by this process (a URL import runs after its request answered). */
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly deps: PriceImportDeps) {
    this.db = withPriceTables(deps.db);
  }

  async find(id: string): Promise<PriceImportRow> {
    const row = await this.db
      .selectFrom('price_imports')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('costing/import_not_found', 'Price-list import not found');
    return row;
  }

  /** Creates an import of one cloud; a URL is checked by the egress policy and read at once. */
  async start(actor: AuditActor, input: TStartInput): Promise<PriceImportRow> {
    const { cloud } = PRICE_IMPORT_FORMAT_INFO[input.format];
    if (input.url) await this.checkUrl(input.url);
    const fileName =
      input.fileName ??
      (input.url
        ? decodeURIComponent(
            new URL(input.url).pathname.split('/').pop() || new URL(input.url).host,
          )
        : 'price list');
    await this.db
      .updateTable('price_imports')
      .set({
        status: 'failed',
        error: 'Interrupted: the import made no progress for 5 minutes',
        updated_at: new Date(),
      })
      .where('cloud', '=', cloud)
      .where('status', 'in', ['waiting', 'running'])
      .where('updated_at', '<', sql<Date>`now() - ${STALE_AFTER}::interval`)
      .execute();
    let row: PriceImportRow;
    try {
      row = await this.db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('price_imports')
          .values({
            cloud,
            format: input.format,
            file_name: fileName.slice(0, 255),
            source_url: input.url ?? null,
            byte_size: input.byteSize ?? null,
            status: input.url ? 'running' : 'waiting',
            as_of: input.asOf ?? null,
            created_by: actor.id,
            created_by_email: actor.email,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(trx, actor, {
          action: 'costing.price_import',
          targetType: 'price_import',
          targetId: inserted.id,
          after: {
            cloud,
            format: input.format,
            fileName: inserted.file_name,
            url: input.url ?? null,
          },
        });
        return inserted;
      });
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
      const open = await this.db
        .selectFrom('price_imports')
        .select(['created_by_email', 'created_at'])
        .where('cloud', '=', cloud)
        .where('status', 'in', ['waiting', 'running'])
        .executeTakeFirst();
      throw new AppError(
        'costing/import_running',
        `An import of the ${CLOUD_NAMES[cloud] ?? cloud} price list is already running${open ? ` (started by ${open.created_by_email ?? 'someone'} at ${open.created_at.toISOString()})` : ''}: wait for it to finish`,
      );
    }
    if (input.url) {
      const url = input.url;
      const controller = new AbortController();
      const task = this.readUrl(row, url, controller.signal).catch((error: unknown) => {
        this.deps.log.error({ err: error, importId: row.id }, 'price import from a URL failed');
      });
      this.running.add(task);
      void task.finally(() => this.running.delete(task));
    }
    return row;
  }

  /** Reads the uploaded file (the raw request body) into a `waiting` import; answers it done. */
  async upload(
    actor: AuditActor,
    id: string,
    body: Readable,
    declaredBytes: number | undefined,
  ): Promise<PriceImportRow> {
    const row = await this.find(id);
    if (row.source_url)
      throw new AppError('costing/import_invalid', 'This import reads its URL: it takes no upload');
    if (declaredBytes !== undefined && declaredBytes > PRICE_IMPORT_MAX_BYTES) {
      throw new AppError(
        'costing/import_invalid',
        `The file is larger than ${PRICE_IMPORT_MAX_BYTES / 1024 ** 3} GiB`,
      );
    }
    const claimed = await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('price_imports')
        .set({
          status: 'running',
          byte_size: declaredBytes ?? row.byte_size,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .where('status', '=', 'waiting')
        .returningAll()
        .executeTakeFirst();
      if (updated) {
        await writeAudit(trx, actor, {
          action: 'costing.price_import.upload',
          targetType: 'price_import',
          targetId: id,
          after: { fileName: updated.file_name, byteSize: updated.byte_size },
        });
      }
      return updated;
    });
    if (!claimed) {
      throw row.status === 'running'
        ? new AppError('costing/import_running', 'This import is already reading its file')
        : new AppError('costing/import_invalid', 'This import has ended: start a new one');
    }
    return this.read(claimed, uploadSource(body));
  }

  /** Waits for the imports this process is reading (tests; shutdown). */
  async settle(): Promise<void> {
    await Promise.all([...this.running]);
  }

  private async checkUrl(url: string): Promise<void> {
    const parsed = new URL(url);
    const port = Number(parsed.port) || (parsed.protocol === 'https:' ? 443 : 80);
    try {
      await this.deps.fetch.deny.prepare();
      await this.deps.fetch.egress.check(parsed.hostname, port, { deny: this.deps.fetch.deny });
    } catch (error) {
      if (error instanceof EgressRefusedError) {
        throw new AppError(
          'costing/import_invalid',
          `The server may not fetch ${parsed.host}: ${error.message}`,
        );
      }
      throw error;
    }
  }

  private async readUrl(row: PriceImportRow, url: string, signal: AbortSignal): Promise<void> {
    try {
      if (row.format === 'azure-retail-json') {
        await this.read(row, fetchAzurePages(this.deps.fetch, url, signal));
      } else {
        const { source, size } = await fetchSource(this.deps.fetch, url, signal);
        if (size !== null)
          await this.db
            .updateTable('price_imports')
            .set({ byte_size: size })
            .where('id', '=', row.id)
            .execute();
        await this.read(row, source);
      }
    } catch (error) {
      if (!(error instanceof AppError)) await this.fail(row.id, messageOf(error));
      throw error;
    }
  }

  /** Reads `source` with the format's reader, staging rows; applies them in one transaction. */
  private async read(row: PriceImportRow, source: AsyncIterable<Buffer>): Promise<PriceImportRow> {
    const reader = PRICE_LIST_READERS[row.format as TPriceImportFormat];
    const sink: StagingSink = new StagingSink(
      this.db,
      row.id,
      (): string => sink.asOf ?? row.as_of ?? today(),
    );
    let bytes = 0;
    let reportedAt = Date.now();
    const progress = () =>
      this.db
        .updateTable('price_imports')
        .set({
          bytes_read: bytes,
          records_read: sink.records,
          rows_kept: sink.kept,
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .execute();
    async function* counted(): AsyncGenerator<Buffer> {
      for await (const chunk of source) {
        bytes += chunk.length;
        if (bytes > PRICE_IMPORT_MAX_BYTES) {
          throw new PriceListError(
            `The file is larger than ${PRICE_IMPORT_MAX_BYTES / 1024 ** 3} GiB`,
          );
        }
        yield chunk;
        // Between chunks: the reader has handled this one; write what it found.
        if (sink.hasBatch) await sink.flush();
        if (Date.now() - reportedAt >= PROGRESS_EVERY_MS) {
          reportedAt = Date.now();
          await progress();
        }
      }
    }
    try {
      const book = await this.deps.books.current();
      await reader.read(counted(), sink, { book });
      await sink.flush();
    } catch (error) {
      const message = messageOf(error);
      await this.fail(row.id, message, { bytes, records: sink.records });
      if (error instanceof PriceListError) throw new AppError('costing/import_invalid', message);
      throw error;
    }
    const done = await this.db
      .transaction()
      .execute(async (trx) => {
        // (a failure here rolls the apply back whole; the import is then marked failed below)
        const result = await applyImport(trx, this.deps.books.seedBook(), row.id, row.cloud);
        return trx
          .updateTable('price_imports')
          .set({
            status: 'completed',
            bytes_read: bytes,
            records_read: sink.records,
            rows_kept: sink.kept,
            as_of: sink.asOf ?? row.as_of ?? today(),
            title: sink.title ?? null,
            added: result.added,
            changed: result.changed,
            unchanged: result.unchanged,
            removed: result.removed,
            skipped: sink.skipped,
            skipped_reasons: JSON.stringify(sink.topReasons()),
            notes: JSON.stringify(sink.notes),
            book_revision: result.isApplied ? sql<number>`nextval('price_book_revision')` : null,
            updated_at: new Date(),
            completed_at: new Date(),
          })
          .where('id', '=', row.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      })
      .catch(async (error: unknown) => {
        await this.fail(row.id, messageOf(error));
        throw error;
      });
    this.deps.books.invalidate();
    return done;
  }

  /** Marks an import failed and drops its staged rows: nothing of it reaches the book. */
  private async fail(
    id: string,
    message: string,
    progress?: { bytes: number; records: number },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('price_import_rows').where('import_id', '=', id).execute();
      await trx
        .updateTable('price_imports')
        .set({
          status: 'failed',
          error: message.slice(0, 2000),
          rows_kept: 0,
          ...(progress && { bytes_read: progress.bytes, records_read: progress.records }),
          updated_at: new Date(),
          completed_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    });
  }
}

function messageOf(error: unknown): string {
  if (error instanceof PriceListError || error instanceof AppError) return error.message;
  const e = error as Error & { code?: string };
  if (
    e.code === 'ECONNRESET' ||
    e.name === 'AbortError' ||
    e.code === 'ERR_STREAM_PREMATURE_CLOSE'
  ) {
    return 'The upload was interrupted before the whole file arrived';
  }
  if (e instanceof EgressRefusedError) return `The server may not fetch ${e.host}: ${e.message}`;
  return `The import failed: ${e.message ?? String(error)}`;
}

/** The request body as chunks; a client that goes away mid-way ends it with an error. */
async function* uploadSource(body: Readable): AsyncGenerator<Buffer> {
  let isAborted = false;
  const onAborted = () => {
    isAborted = true;
  };
  body.once('aborted', onAborted);
  try {
    for await (const chunk of body as AsyncIterable<Buffer | string>) {
      yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    }
    if (isAborted || (body as Readable & { complete?: boolean }).complete === false) {
      throw new PriceListError('The upload was interrupted before the whole file arrived');
    }
  } finally {
    body.off('aborted', onAborted);
  }
}
