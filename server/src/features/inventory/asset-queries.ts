import { sql, type ExpressionBuilder } from 'kysely';
import type { TAssetQuery } from '@stratum/core/contract/inventory/assets';
import type { TAsset, TAssetFacets } from '@stratum/core/contract/inventory/model';
import type { InventoryDb, InventoryTables } from './tables';

type AssetFilters = Omit<TAssetQuery, 'page' | 'limit' | 'sort' | 'order'> &
  Partial<Pick<TAssetQuery, 'sort' | 'order'>>;

type Scope = ExpressionBuilder<InventoryTables, 'inventory_instances'>;

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The user's current managed instances that pass every filter given. */
function where(userId: string, filters: AssetFilters) {
  return (eb: Scope) => {
    const parts = [
      eb('inventory_instances.user_id', '=', userId),
      eb('inventory_instances.is_current', '=', true),
      eb('inventory_instances.mode', '=', 'managed'),
    ];
    if (filters.source) parts.push(eb('inventory_instances.source_id', '=', filters.source));
    if (filters.provider) {
      parts.push(
        eb.or([
          eb('inventory_instances.provider', '=', filters.provider),
          eb('inventory_instances.cloud', '=', filters.provider),
        ]),
      );
    }
    if (filters.cloud) parts.push(eb('inventory_instances.cloud', '=', filters.cloud));
    if (filters.type) parts.push(eb('inventory_instances.type', '=', filters.type));
    if (filters.region) parts.push(eb('inventory_instances.region', '=', filters.region));
    if (filters.tag !== undefined) {
      const at = filters.tag.indexOf('=');
      if (at < 0) {
        parts.push(eb(sql<boolean>`inventory_instances.tags ? ${filters.tag}`, '=', true));
      } else {
        const pair = JSON.stringify({ [filters.tag.slice(0, at)]: filters.tag.slice(at + 1) });
        parts.push(eb(sql<boolean>`inventory_instances.tags @> ${pair}::jsonb`, '=', true));
      }
    }
    if (filters.q) {
      const pattern = `%${likeEscaped(filters.q)}%`;
      parts.push(
        eb.or([
          eb('inventory_instances.address', 'ilike', pattern),
          eb('inventory_instances.display_name', 'ilike', pattern),
          eb('inventory_instances.type', 'ilike', pattern),
          eb('inventory_instances.cloud_id', 'ilike', pattern),
          eb(
            sql<boolean>`EXISTS (SELECT 1 FROM jsonb_each_text(inventory_instances.tags) t
                                 WHERE t.value ILIKE ${pattern})`,
            '=',
            true,
          ),
        ]),
      );
    }
    return eb.and(parts);
  };
}

const SORT_COLUMNS = {
  address: 'inventory_instances.address',
  type: 'inventory_instances.type',
  cloud: 'inventory_instances.cloud',
  region: 'inventory_instances.region',
  name: 'inventory_instances.display_name',
  lastSeenAt: 'inventory_instances.last_seen_at',
} as const;

function assetsQuery(db: InventoryDb, userId: string, filters: AssetFilters) {
  const column = SORT_COLUMNS[filters.sort ?? 'address'];
  const direction = filters.order ?? 'asc';
  return db
    .selectFrom('inventory_instances')
    .innerJoin('inventory_sources', 'inventory_sources.id', 'inventory_instances.source_id')
    .select([
      'inventory_instances.id',
      'inventory_instances.source_id',
      'inventory_sources.name as source_name',
      'inventory_instances.address',
      'inventory_instances.module',
      'inventory_instances.type',
      'inventory_instances.provider',
      'inventory_instances.cloud',
      'inventory_instances.region',
      'inventory_instances.cloud_id',
      'inventory_instances.display_name',
      'inventory_instances.tags',
      'inventory_instances.last_seen_at',
    ])
    .where(where(userId, filters))
    .orderBy(sql.ref(column), (ob) => (direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
    .orderBy('inventory_instances.address')
    .orderBy('inventory_instances.id');
}

type AssetRow = Awaited<ReturnType<ReturnType<typeof assetsQuery>['execute']>>[number];

export function presentAsset(row: AssetRow): TAsset {
  return {
    id: row.id,
    sourceId: row.source_id,
    sourceName: row.source_name,
    address: row.address,
    module: row.module,
    type: row.type,
    provider: row.provider,
    cloud: row.cloud as TAsset['cloud'],
    region: row.region,
    cloudId: row.cloud_id,
    name: row.display_name,
    tags: row.tags,
    lastSeenAt: row.last_seen_at.toISOString(),
  };
}

export async function listAssets(
  db: InventoryDb,
  userId: string,
  query: TAssetQuery,
): Promise<{ items: TAsset[]; total: number }> {
  const [rows, count] = await Promise.all([
    assetsQuery(db, userId, query)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    db
      .selectFrom('inventory_instances')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(where(userId, query))
      .executeTakeFirst(),
  ]);
  return { items: rows.map(presentAsset), total: Number(count?.n ?? 0) };
}

/** Every matching asset, in pages of 2,000 rows (an export of a whole estate). */
export async function* allAssets(
  db: InventoryDb,
  userId: string,
  filters: AssetFilters,
): AsyncGenerator<TAsset[]> {
  const PAGE = 2000;
  for (let offset = 0; ; offset += PAGE) {
    const rows = await assetsQuery(db, userId, filters).limit(PAGE).offset(offset).execute();
    if (rows.length > 0) yield rows.map(presentAsset);
    if (rows.length < PAGE) return;
  }
}

export async function assetFacets(
  db: InventoryDb,
  userId: string,
  filters: AssetFilters,
): Promise<TAssetFacets> {
  const by = (column: 'cloud' | 'type' | 'region' | 'source_id') =>
    db
      .selectFrom('inventory_instances')
      .select([
        sql<string | null>`${sql.ref(`inventory_instances.${column}`)}::text`.as('value'),
        (eb) => eb.fn.countAll<number>().as('n'),
      ])
      .where(where(userId, filters))
      .groupBy(`inventory_instances.${column}`)
      .orderBy('n', 'desc')
      .orderBy('value')
      .execute();
  const tags = db
    .selectFrom('inventory_instances')
    .innerJoinLateral(
      sql<{ key: string; value: string }>`jsonb_each_text(inventory_instances.tags)`.as('t'),
      (join) => join.onTrue(),
    )
    .select([
      sql<string>`t.key || '=' || t.value`.as('value'),
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where(where(userId, filters))
    .groupBy(sql`t.key || '=' || t.value`)
    .orderBy('n', 'desc')
    .orderBy('value')
    .limit(200)
    .execute();
  const [cloud, type, region, source, tag] = await Promise.all([
    by('cloud'),
    by('type'),
    by('region'),
    by('source_id'),
    tags,
  ]);
  const counts = (rows: { value: string | null; n: number }[]) =>
    rows
      .filter((r): r is { value: string; n: number } => r.value !== null)
      .map((r) => ({ value: r.value, count: Number(r.n) }));
  return {
    cloud: counts(cloud),
    type: counts(type),
    region: counts(region),
    tag: counts(tag),
    source: counts(source),
  };
}

export function findOwnAsset(db: InventoryDb, userId: string, assetId: string) {
  return db
    .selectFrom('inventory_instances')
    .innerJoin('inventory_sources', 'inventory_sources.id', 'inventory_instances.source_id')
    .selectAll('inventory_instances')
    .select('inventory_sources.name as source_name')
    .where('inventory_instances.id', '=', assetId)
    .where('inventory_instances.user_id', '=', userId)
    .where('inventory_instances.is_current', '=', true)
    .where('inventory_instances.mode', '=', 'managed')
    .executeTakeFirst();
}
