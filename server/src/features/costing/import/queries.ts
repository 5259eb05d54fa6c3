import type { TPriceListCloud } from '@stratum/core/contract/admin/price-imports';
import { CLOUDS } from '@stratum/core/iac/types';
import type { BookService } from '../book-service';
import { presentChange, presentImport } from './presenters';
import type { PriceDb, PriceImportRow } from './tables';

/** The newest applied import of each cloud: the version in force. */
async function currentImports(db: PriceDb): Promise<Map<string, PriceImportRow>> {
  const rows = await db
    .selectFrom('price_imports')
    .selectAll()
    .distinctOn('cloud')
    .where('book_revision', 'is not', null)
    .orderBy('cloud')
    .orderBy('book_revision', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.cloud, r]));
}

export async function priceLists(
  db: PriceDb,
  books: BookService,
): Promise<{ bookVersion: string; clouds: TPriceListCloud[] }> {
  const book = await books.current();
  const current = await currentImports(db);
  const open = await db
    .selectFrom('price_imports')
    .selectAll()
    .where('status', 'in', ['waiting', 'running'])
    .execute();
  const seed = books.seedBook();
  return {
    bookVersion: book.version,
    clouds: CLOUDS.map((cloud) => {
      const rows = book.items.filter((i) => i.cloud === cloud);
      const seedRows = seed.items.filter((r) => r[0] === cloud).length;
      const now = current.get(cloud);
      const running = open.find((r) => r.cloud === cloud);
      return {
        cloud,
        priced: book.clouds[cloud]?.priced ?? rows.length > 0,
        rows: rows.length,
        importedRows: rows.filter((i) => i.source.startsWith('import:')).length,
        seed: { rows: seedRows, asOf: seed.clouds[cloud]?.asOf.newest ?? null },
        current: now ? presentImport(now, now.id) : null,
        running: running ? presentImport(running) : null,
      };
    }),
  };
}

export async function listImports(
  db: PriceDb,
  query: { cloud?: string | undefined; page: number; pageSize: number },
) {
  let q = db.selectFrom('price_imports');
  if (query.cloud) q = q.where('cloud', '=', query.cloud);
  const [{ total }, rows, current] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    q
      .selectAll()
      .orderBy('seq', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    currentImports(db),
  ]);
  return {
    items: rows.map((r) => presentImport(r, current.get(r.cloud)?.id ?? null)),
    total: Number(total),
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function isCurrent(db: PriceDb, row: PriceImportRow): Promise<string | null> {
  return (await currentImports(db)).get(row.cloud)?.id ?? null;
}

/** What an import changed, and the applied import of its cloud before it (the previous version). */
export async function importDiff(
  db: PriceDb,
  row: PriceImportRow,
  query: { kind?: 'added' | 'changed' | 'removed' | undefined; page: number; pageSize: number },
) {
  let q = db.selectFrom('price_import_changes').where('import_id', '=', row.id);
  if (query.kind) q = q.where('kind', '=', query.kind);
  const [{ total }, changes, previous, currentId] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    q
      .selectAll()
      .orderBy('kind')
      .orderBy('family')
      .orderBy('sku')
      .orderBy('region')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    db
      .selectFrom('price_imports')
      .selectAll()
      .where('cloud', '=', row.cloud)
      .where('book_revision', 'is not', null)
      .where('seq', '<', row.seq)
      .orderBy('book_revision', 'desc')
      .limit(1)
      .executeTakeFirst(),
    isCurrent(db, row),
  ]);
  return {
    items: changes.map(presentChange),
    total: Number(total),
    page: query.page,
    pageSize: query.pageSize,
    import: presentImport(row, currentId),
    previous: previous ? presentImport(previous, currentId) : null,
  };
}
