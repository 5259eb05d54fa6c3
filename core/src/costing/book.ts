import type { TCloud } from '../iac/types';

/**
 * The price book: list prices (USD, before tax, discounts, credits and free tiers; Linux and
 * on-demand for VMs) by cloud, price family, SKU and region, each with its unit, date and source.
 * The product ships a seed book (`pricing-data/price-book.json`, built by `scripts/build-price-book.mjs`
 * from the dated public catalog); an admin's imports of the providers' own price lists add to and
 * replace its rows (server side), and every estimate names the book version it used.
 */

/** The price families the seed covers (`service` in the catalog). Imports may add only these. */
export const PRICE_FAMILIES = [
  'compute.vm',
  'kubernetes.control-plane',
  'database.postgresql',
  'database.mysql',
  'database.storage',
  'storage.object',
  'storage.block',
  'network.load-balancer',
  'network.nat-gateway',
  'network.egress',
  'network.public-ip',
  'serverless.function',
  'messaging.queue',
  'dns.zone',
  'security.kms',
] as const;
export type TPriceFamily = (typeof PRICE_FAMILIES)[number];

/** What one `price` buys. A month is 730 hours. */
export const PRICE_UNITS = [
  'hour',
  'cluster-hour',
  'GB-month',
  'GB',
  'GB-second',
  '1M requests',
  '1M operations',
  '10K operations',
  '10K requests',
  '1K requests',
  'zone-month',
  'key-month',
  'key-version-month',
  'disk-month',
  'LCU-month',
  'rule-hour',
  'vCPU-hour',
  'IOPS-month',
  'TiB',
  'GHz-second',
] as const;
export type TPriceUnit = (typeof PRICE_UNITS)[number];

export const HOURS_PER_MONTH = 730;

export interface TPriceItem {
  cloud: TCloud;
  service: TPriceFamily;
  sku: string;
  region: string;
  unit: TPriceUnit;
  /** USD per `unit`. */
  price: number;
  /** ISO date of the price list the number comes from. */
  asOf: string;
  /** A `sources[].id` of the book (seed sources, or `import:<id>` for an admin's import). */
  source: string;
  /** Where in the source the number was read (path and key), for anyone checking it. */
  locator: string;
  attrs: Readonly<Record<string, string | number>> | null;
  note: string | null;
  /** Computed from other rows of the source rather than copied (see the source's method). */
  derived: boolean;
}

export interface TPriceSourceInfo {
  id: string;
  /** e.g. `aws/karpenter-provider-aws`, or the file name of an import. */
  repository: string;
  commit: string | null;
  path: string | null;
  licence: string | null;
  date: string | null;
  what: string | null;
}

export interface TCloudBookInfo {
  priced: boolean;
  currency: 'USD';
  regions: string[];
  asOf: { oldest: string | null; newest: string | null };
}

export const PRICE_BOOK_COLUMNS = [
  'cloud',
  'service',
  'sku',
  'region',
  'unit',
  'price',
  'asOf',
  'source',
  'locator',
  'attrs',
  'note',
  'derived',
] as const;

/** One item as a row of `PRICE_BOOK_COLUMNS`: the compact form on disk and on the wire. */
export type TPriceRowTuple = [
  cloud: TCloud,
  service: TPriceFamily,
  sku: string,
  region: string,
  unit: TPriceUnit,
  price: number,
  asOf: string,
  source: string,
  locator: string,
  attrs: Readonly<Record<string, string | number>> | null,
  note: string | null,
  derived: 0 | 1,
];

/** The serialised book (`schema: stratum-price-book/1`), as the seed file and `GET /api/costing/price-book`. */
export interface TPriceBookData {
  schema: 'stratum-price-book/1';
  /** `seed-<newest date>`, or the server's version after imports (changes whenever a row does). */
  version: string;
  currency: 'USD';
  hoursPerMonth: number;
  clouds: Readonly<Record<TCloud, TCloudBookInfo>>;
  sources: TPriceSourceInfo[];
  items: TPriceRowTuple[];
}

export function itemFromRow(row: TPriceRowTuple): TPriceItem {
  const [cloud, service, sku, region, unit, price, asOf, source, locator, attrs, note, derived] =
    row;
  return {
    cloud,
    service,
    sku,
    region,
    unit,
    price,
    asOf,
    source,
    locator,
    attrs,
    note,
    derived: derived === 1,
  };
}

export function rowFromItem(i: TPriceItem): TPriceRowTuple {
  return [
    i.cloud,
    i.service,
    i.sku,
    i.region,
    i.unit,
    i.price,
    i.asOf,
    i.source,
    i.locator,
    i.attrs,
    i.note,
    i.derived ? 1 : 0,
  ];
}

/** The identity of a price: a later import of the same key replaces the row. */
export const priceKey = (cloud: string, service: string, sku: string, region: string) =>
  `${cloud}|${service}|${sku}|${region}`;

export interface TPriceMatch {
  item: TPriceItem;
  /** True when the book has no row for the asked region and a row of another region is used. */
  fallback: boolean;
}

/** A cloud's reference region: where a price is taken from when the asked region has none. */
export const REFERENCE_REGION: Readonly<Record<TCloud, string>> = {
  aws: 'us-east-1',
  azure: 'eastus',
  gcp: 'us-central1',
  oci: 'us-ashburn-1',
};

/** Lookups over one book version; built once per version (a few ms for the seed). */
export class PriceBook {
  readonly version: string;
  readonly clouds: Readonly<Record<TCloud, TCloudBookInfo>>;
  readonly sources: ReadonlyMap<string, TPriceSourceInfo>;
  readonly items: readonly TPriceItem[];
  private readonly byKey = new Map<string, TPriceItem>();
  private readonly bySku = new Map<string, TPriceItem[]>();

  constructor(data: TPriceBookData) {
    this.version = data.version;
    this.clouds = data.clouds;
    this.sources = new Map(data.sources.map((s) => [s.id, s]));
    this.items = data.items.map(itemFromRow);
    for (const item of this.items) {
      this.byKey.set(priceKey(item.cloud, item.service, item.sku, item.region), item);
      const k = `${item.cloud}|${item.service}|${item.sku}`;
      const list = this.bySku.get(k);
      if (list) list.push(item);
      else this.bySku.set(k, [item]);
    }
  }

  /** The row for exactly this region, else the reference region's, else any region's (flagged). */
  find(cloud: TCloud, service: TPriceFamily, sku: string, region: string): TPriceMatch | undefined {
    const exact = this.byKey.get(priceKey(cloud, service, sku, region));
    if (exact) return { item: exact, fallback: false };
    const rows = this.bySku.get(`${cloud}|${service}|${sku}`);
    if (!rows || rows.length === 0) return undefined;
    const item = rows.find((r) => r.region === REFERENCE_REGION[cloud]) ?? rows[0];
    return item ? { item, fallback: true } : undefined;
  }

  /** Every row of one family on one cloud (e.g. to list the instance types with a price). */
  family(cloud: TCloud, service: TPriceFamily): TPriceItem[] {
    return this.items.filter((i) => i.cloud === cloud && i.service === service);
  }

  toData(): TPriceBookData {
    return {
      schema: 'stratum-price-book/1',
      version: this.version,
      currency: 'USD',
      hoursPerMonth: HOURS_PER_MONTH,
      clouds: this.clouds,
      sources: [...this.sources.values()],
      items: this.items.map(rowFromItem),
    };
  }
}
