import { sql } from 'kysely';
import { priceKey, type TPriceBookData } from '@stratum/core/costing/book';
import { importSourceId } from '../book-service';
import type { PriceDb, PriceImportChangesTable } from './tables';

/** Serialises the applies of every cloud, so book revisions follow the order they commit in. */
const APPLY_LOCK = 0x5052_4943; // "PRIC"

export interface TApplyResult {
  added: number;
  changed: number;
  unchanged: number;
  removed: number;
  isApplied: boolean;
}

interface TBefore {
  price: number;
  unit: string;
  asOf: string;
  source: string;
  isImported: boolean;
}

/**
 * Makes a completed import's staged rows the book in force, in the caller's transaction: for
 * each (family, region) the import covers, its rows replace what earlier imports said there
 * (the seed still fills the keys no import has). Records what changed against the version
 * before. An import that changes no price, unit or date is recorded but not applied, so the
 * same file imported twice changes nothing.
 */
export async function applyImport(
  trx: PriceDb,
  seed: TPriceBookData,
  importId: string,
  cloud: string,
): Promise<TApplyResult> {
  await sql`SELECT pg_advisory_xact_lock(${APPLY_LOCK})`.execute(trx);
  const staged = await trx
    .selectFrom('price_import_rows')
    .select(['family', 'sku', 'region', 'unit', 'price', 'as_of'])
    .where('import_id', '=', importId)
    .execute();
  const covered = new Set(staged.map((r) => `${r.family}|${r.region}`));
  const isCovered = (family: string, region: string) => covered.has(`${family}|${region}`);

  const before = new Map<string, TBefore>();
  for (const r of seed.items) {
    if (r[0] !== cloud || !isCovered(r[1], r[3])) continue;
    before.set(priceKey(r[0], r[1], r[2], r[3]), {
      price: r[5],
      unit: r[4],
      asOf: r[6],
      source: r[7],
      isImported: false,
    });
  }
  const seedOnly = new Map(before);
  const families = [...new Set(staged.map((r) => r.family))];
  const layer =
    families.length === 0
      ? []
      : await trx
          .selectFrom('price_book_rows')
          .select(['family', 'sku', 'region', 'unit', 'price', 'as_of', 'import_id'])
          .where('cloud', '=', cloud)
          .where('family', 'in', families)
          .execute();
  for (const r of layer) {
    if (!isCovered(r.family, r.region)) continue;
    before.set(priceKey(cloud, r.family, r.sku, r.region), {
      price: r.price,
      unit: r.unit,
      asOf: r.as_of,
      source: importSourceId(r.import_id),
      isImported: true,
    });
  }

  const changes: PriceImportChangesTable[] = [];
  const result: TApplyResult = { added: 0, changed: 0, unchanged: 0, removed: 0, isApplied: false };
  let isRefreshed = false;
  const source = importSourceId(importId);
  const seen = new Set<string>();
  for (const r of staged) {
    const key = priceKey(cloud, r.family, r.sku, r.region);
    seen.add(key);
    const old = before.get(key);
    const base = {
      import_id: importId,
      family: r.family,
      sku: r.sku,
      region: r.region,
      unit: r.unit,
    };
    const next = { new_price: r.price, new_source: source, new_as_of: r.as_of };
    if (!old) {
      result.added += 1;
      changes.push({
        ...base,
        kind: 'added',
        old_price: null,
        old_unit: null,
        old_source: null,
        old_as_of: null,
        ...next,
      });
    } else if (old.price !== r.price || old.unit !== r.unit) {
      result.changed += 1;
      changes.push({
        ...base,
        kind: 'changed',
        old_price: old.price,
        old_unit: old.unit,
        old_source: old.source,
        old_as_of: old.asOf,
        ...next,
      });
    } else {
      result.unchanged += 1;
      if (old.asOf !== r.as_of) isRefreshed = true;
    }
  }
  for (const [key, old] of before) {
    if (seen.has(key) || !old.isImported) continue;
    const [, family = '', sku = '', region = ''] = key.split('|');
    const fallback = seedOnly.get(key);
    result.removed += 1;
    changes.push({
      import_id: importId,
      kind: 'removed',
      family,
      sku,
      region,
      unit: old.unit,
      old_price: old.price,
      old_unit: old.unit,
      old_source: old.source,
      old_as_of: old.asOf,
      new_price: fallback?.price ?? null,
      new_source: fallback?.source ?? null,
      new_as_of: fallback?.asOf ?? null,
    });
  }

  result.isApplied = result.added + result.changed + result.removed > 0 || isRefreshed;
  if (!result.isApplied) return result;
  for (let i = 0; i < changes.length; i += 1000) {
    await trx
      .insertInto('price_import_changes')
      .values(changes.slice(i, i + 1000))
      .execute();
  }
  for (const family of families) {
    const regions = [...covered]
      .filter((c) => c.startsWith(`${family}|`))
      .map((c) => c.slice(family.length + 1));
    await trx
      .deleteFrom('price_book_rows')
      .where('cloud', '=', cloud)
      .where('family', '=', family)
      .where('region', 'in', regions)
      .execute();
  }
  await sql`
    INSERT INTO price_book_rows (cloud, family, sku, region, unit, price, as_of, locator, attrs, note, derived, import_id)
    SELECT ${cloud}, family, sku, region, unit, price, as_of, locator, attrs, note, derived, import_id
    FROM price_import_rows WHERE import_id = ${importId}`.execute(trx);
  return result;
}
