import type { TCloud, TPropertyValue } from '../iac/types';
import {
  HOURS_PER_MONTH,
  type PriceBook,
  type TPriceFamily,
  type TPriceItem,
  type TPriceMatch,
} from './book';
import type { TCostLine, TFreeComponent, TUnpriced, TUsageAssumption } from './model';
import { cents, tidy } from './money';
import { USAGE_SPECS, type TUsageKey } from './usage';

/** Where one estimate collects its answer; each component's pricer appends to it. */
export interface TEstimateSink {
  readonly lines: TCostLine[];
  readonly unpriced: TUnpriced[];
  readonly assumptions: TUsageAssumption[];
  readonly free: TFreeComponent[];
}

export interface TLineOptions {
  /** The quantity comes from a usage assumption rather than from the design. */
  readonly usage?: boolean;
  readonly note?: string;
}

export interface TTier {
  readonly sku: string;
  /** Units (of the row's unit) this tier ends at, counted from zero; Infinity for the last. */
  readonly upTo: number;
}

/** What a design knows beyond one component (see `estimate-design.ts`). */
export interface TDesignFacts {
  /** Compute Engine VMs the design runs: the default of Cloud NAT's `vms`. */
  gcpVmCount(): number;
}

type TMemo = Map<string, Map<string, Map<string, TPriceMatch | null>>>;
const memos = new WeakMap<PriceBook, Map<TCloud, TMemo>>();

/**
 * `book.find`, remembered per book in nested maps: the strings the estimators pass (SKUs,
 * regions) already carry their hash, where the book's joined key would be built and hashed anew
 * on every lookup (the board looks up thousands of prices on every change).
 */
function findIn(
  book: PriceBook,
  cloud: TCloud,
  family: TPriceFamily,
  sku: string,
  region: string,
): TPriceMatch | undefined {
  let byCloud = memos.get(book);
  if (!byCloud) memos.set(book, (byCloud = new Map<TCloud, TMemo>()));
  let byFamily = byCloud.get(cloud);
  if (!byFamily) byCloud.set(cloud, (byFamily = new Map() as TMemo));
  let bySku = byFamily.get(family);
  if (!bySku) byFamily.set(family, (bySku = new Map<string, Map<string, TPriceMatch | null>>()));
  let byRegion = bySku.get(sku);
  if (!byRegion) bySku.set(sku, (byRegion = new Map<string, TPriceMatch | null>()));
  let match = byRegion.get(region);
  if (match === undefined) {
    match = book.find(cloud, family, sku, region) ?? null;
    byRegion.set(region, match);
  }
  return match ?? undefined;
}

/** Short cloud names for messages. */
export const CLOUD_NAMES: Readonly<Record<TCloud, string>> = {
  aws: 'AWS',
  azure: 'Azure',
  gcp: 'GCP',
  oci: 'OCI',
};

const source = (item: TPriceItem) => `${item.source}: ${item.locator}`;

/**
 * Prices one component: reads its properties (catalog defaults and the environment's overrides
 * applied), looks each charge up in the book and appends lines, the parts the book cannot price
 * (with the reason) and the usage assumptions it used.
 */
export class ComponentPricer {
  constructor(
    private readonly book: PriceBook,
    readonly cloud: TCloud,
    readonly region: string,
    readonly componentId: string,
    readonly service: string,
    private readonly props: Readonly<Record<string, TPropertyValue>>,
    private readonly usageInput: Readonly<Record<string, number>> | undefined,
    private readonly sink: TEstimateSink,
    readonly design: TDesignFacts,
  ) {}

  str(key: string): string {
    const v = this.props[key];
    return typeof v === 'string' ? v : String(v ?? '');
  }

  num(key: string): number {
    const v = this.props[key];
    const n = typeof v === 'number' ? v : Number(v);
    return Number.isFinite(n) ? n : 0;
  }

  bool(key: string): boolean {
    return this.props[key] === true;
  }

  list(key: string): string[] {
    const v = this.props[key];
    return Array.isArray(v) ? v : [];
  }

  /**
   * The user's value of a usage assumption, else its default; recorded in the estimate either
   * way so the page can show and edit it. `fallback` is the default of keys that have none.
   */
  usage(key: TUsageKey, fallback?: number, label?: string): number {
    const spec = USAGE_SPECS[key];
    const def = fallback ?? spec.default ?? 0;
    const given = this.usageInput?.[key];
    const value = typeof given === 'number' && Number.isFinite(given) && given >= 0 ? given : def;
    this.sink.assumptions.push({
      target: this.componentId,
      key,
      label: label ?? spec.label,
      unit: spec.unit,
      value,
      default: def,
    });
    return value;
  }

  /** The book's row for `sku`, or undefined (the caller says what is then unpriced). */
  find(family: TPriceFamily, sku: string) {
    return findIn(this.book, this.cloud, family, sku, this.region);
  }

  /**
   * Adds `quantity` of the book's row as a line; when the book has no row, the part goes to
   * `unpriced` with the reason and false is answered.
   */
  add(
    label: string,
    family: TPriceFamily,
    sku: string,
    quantity: number,
    options: TLineOptions = {},
  ): boolean {
    const match = this.find(family, sku);
    if (!match) {
      this.missing(
        `${label}: the price book has no ${CLOUD_NAMES[this.cloud]} list price for “${sku}”`,
      );
      return false;
    }
    const { item, fallback } = match;
    let note: string | null = null;
    const addNote = (text: string) => (note = note === null ? text : `${note}; ${text}`);
    if (fallback) addNote(`list price of ${item.region}; the book has none for ${this.region}`);
    if (item.derived) addNote("derived from the rate of the family's other sizes");
    if (item.note) addNote(item.note);
    if (options.note) addNote(options.note);
    const q = tidy(quantity);
    this.sink.lines.push({
      componentId: this.componentId,
      address: null,
      service: this.service,
      label,
      sku: item.sku,
      region: item.region,
      unit: item.unit,
      quantity: q,
      unitPrice: item.price,
      monthly: cents(item.price * q),
      asOf: item.asOf,
      source: source(item),
      usageBased: options.usage === true,
      note,
    });
    return true;
  }

  /** An hourly row for a month: 730 hours × `count`. */
  hourly(
    label: string,
    family: TPriceFamily,
    sku: string,
    count = 1,
    options: TLineOptions = {},
  ): boolean {
    return this.add(label, family, sku, HOURS_PER_MONTH * count, options);
  }

  /**
   * A quantity split over volume tiers (first 10 TB, next 40 TB…), one line per tier used; the
   * first tier is always shown (a usage of 0 prices at $0.00). Beyond the last tier: unpriced.
   */
  tiered(
    label: string,
    family: TPriceFamily,
    tiers: readonly TTier[],
    quantity: number,
    options: TLineOptions = {},
  ): void {
    let from = 0;
    for (const [i, tier] of tiers.entries()) {
      const part = Math.max(0, Math.min(quantity, tier.upTo) - from);
      if (part > 0 || i === 0) this.add(label, family, tier.sku, part, options);
      from = tier.upTo;
      if (quantity <= tier.upTo) return;
    }
    const last = tiers.at(-1);
    const unit = last ? this.find(family, last.sku)?.item.unit : undefined;
    this.missing(
      `${label} above ${from.toLocaleString('en-US')}${unit ? ` ${unit}` : ''}: the price book has no list price for that volume`,
    );
  }

  /** A part of the component the book cannot price, with the reason a user reads. */
  missing(reason: string): void {
    this.sink.unpriced.push({
      componentId: this.componentId,
      address: null,
      service: this.service,
      reason,
    });
  }

  /** The component has no charge of its own (a gateway endpoint, a free tier). */
  noCharge(reason: string): void {
    this.sink.free.push({ componentId: this.componentId, service: this.service, reason });
  }
}
