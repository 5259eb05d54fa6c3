import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import {
  PRICE_FAMILIES,
  PriceBook,
  priceKey,
  type TCloudBookInfo,
  type TPriceBookData,
  type TPriceFamily,
  type TPriceRowTuple,
  type TPriceSourceInfo,
  type TPriceUnit,
} from '@stratum/core/costing/book';
import { PRICE_IMPORT_FORMAT_INFO } from '@stratum/core/contract/admin/price-imports';
import { CLOUDS, type TCloud } from '@stratum/core/iac/types';
import type { Db } from '../../db/database';
import { withPriceTables } from './import/tables';

/** Reads the seed price book the product ships (`pricing-data/price-book.json`). */
export function readSeedBook(file: URL): TPriceBookData {
  const data = JSON.parse(readFileSync(file, 'utf8')) as TPriceBookData;
  if (data.schema !== 'stratum-price-book/1') throw new Error(`${file.pathname}: not a price book`);
  return data;
}

export interface BookServiceOptions {
  /** How long a built book is used before the database is asked whether an import changed it. */
  checkEveryMs?: number;
}

/** `import:<id>`: the source id of the rows one import gave. */
export const importSourceId = (importId: string) => `import:${importId}`;

/**
 * The price book in force: the seed with the imported layer (`price_book_rows`) laid over it,
 * key by key (cloud|family|sku|region). Built once per book revision and shared by every
 * request; every few seconds one tiny query (the newest revision) tells whether another
 * process applied an import, so several server processes agree within `checkEveryMs`.
 */
export class BookService {
  private book: PriceBook | undefined;
  private revision: number | null = null;
  private checkedAt = 0;
  private loading: Promise<PriceBook> | undefined;
  private readonly checkEveryMs: number;

  constructor(
    private readonly seed: TPriceBookData,
    private readonly db?: Db,
    options: BookServiceOptions = {},
  ) {
    this.checkEveryMs = options.checkEveryMs ?? 3_000;
  }

  /** The seed alone (what an import's diff falls back to for a key no import has). */
  seedBook(): TPriceBookData {
    return this.seed;
  }

  async current(): Promise<PriceBook> {
    if (!this.db) return (this.book ??= new PriceBook(this.seed));
    if (this.book && Date.now() - this.checkedAt < this.checkEveryMs) return this.book;
    this.loading ??= this.refresh().finally(() => (this.loading = undefined));
    return this.loading;
  }

  /** Forgets the built book: the next `current()` asks the database (after an import here). */
  invalidate(): void {
    this.checkedAt = 0;
  }

  private async refresh(): Promise<PriceBook> {
    const db = withPriceTables(this.db as Db);
    const { rev } = await db
      .selectFrom('price_imports')
      .select(sql<string | null>`max(book_revision)::text`.as('rev'))
      .executeTakeFirstOrThrow();
    const revision = rev === null ? null : Number(rev);
    this.checkedAt = Date.now();
    if (this.book && revision === this.revision) return this.book;
    const book = revision === null ? new PriceBook(this.seed) : await this.build(revision);
    this.book = book;
    this.revision = revision;
    return book;
  }

  private async build(revision: number): Promise<PriceBook> {
    const db = withPriceTables(this.db as Db);
    const rows = await db
      .selectFrom('price_book_rows')
      .selectAll()
      .orderBy('cloud')
      .orderBy('family')
      .orderBy('sku')
      .orderBy('region')
      .execute();
    const imports = await db
      .selectFrom('price_imports')
      .select([
        'id',
        'format',
        'file_name',
        'source_url',
        'as_of',
        'title',
        'completed_at',
        'created_by_email',
      ])
      .where('id', 'in', db.selectFrom('price_book_rows').select('import_id').distinct())
      .execute();
    const byKey = new Map<string, TPriceRowTuple>();
    for (const row of this.seed.items) byKey.set(priceKey(row[0], row[1], row[2], row[3]), row);
    for (const r of rows) {
      byKey.set(priceKey(r.cloud, r.family, r.sku, r.region), [
        r.cloud as TCloud,
        r.family as TPriceFamily,
        r.sku,
        r.region,
        r.unit as TPriceUnit,
        r.price,
        r.as_of,
        importSourceId(r.import_id),
        r.locator,
        r.attrs,
        r.note,
        r.derived ? 1 : 0,
      ]);
    }
    const items = [...byKey.values()];
    const sources: TPriceSourceInfo[] = [
      ...this.seed.sources,
      ...imports.map((i) => ({
        id: importSourceId(i.id),
        repository: i.source_url ?? i.file_name,
        commit: null,
        path: i.title,
        licence: 'the provider’s published list prices',
        date: i.as_of,
        what: `${PRICE_IMPORT_FORMAT_INFO[i.format as keyof typeof PRICE_IMPORT_FORMAT_INFO]?.label ?? i.format}, imported${i.created_by_email ? ` by ${i.created_by_email}` : ''} on ${i.completed_at?.toISOString().slice(0, 10) ?? '?'}`,
      })),
    ];
    return new PriceBook({
      ...this.seed,
      version: `${this.seed.version}+import.${revision}`,
      clouds: cloudsInfo(this.seed, items),
      sources,
      items,
    });
  }
}

/** Each cloud's regions, dates and coverage, recomputed from the merged rows. */
function cloudsInfo(
  seed: TPriceBookData,
  items: readonly TPriceRowTuple[],
): Record<TCloud, TCloudBookInfo> {
  const out = {} as Record<TCloud, TCloudBookInfo>;
  for (const cloud of CLOUDS) {
    const rows = items.filter((r) => r[0] === cloud);
    const seedInfo = seed.clouds[cloud];
    const regions = [...(seedInfo?.regions ?? [])];
    for (const r of rows) if (!regions.includes(r[3])) regions.push(r[3]);
    const dates = rows.map((r) => r[6]).sort();
    const coverage = Object.fromEntries(
      PRICE_FAMILIES.map((f) => [
        f,
        [...new Set(rows.filter((r) => r[1] === f).map((r) => r[3]))].sort(),
      ]),
    );
    out[cloud] = {
      ...seedInfo,
      priced: rows.length > 0,
      currency: 'USD',
      regions: rows.length > 0 ? regions : [],
      asOf: { oldest: dates[0] ?? null, newest: dates.at(-1) ?? null },
      ...({ coverage } as object),
    };
  }
  return out;
}
