import type { PriceBook, TPriceFamily } from '../book';
import type { TCostLine, TUsageAssumption, TUsageInput } from '../model';
import { cents, tidy } from '../money';
import { USAGE_SPECS, type TUsageKey, type TUsageSpec } from '../usage';
import type { TTfResource, TTfValues } from './model';
import type { TResourceLookup } from './regions';
import { PLAN_USAGE_SPECS, type TPlanUsageKey } from './usage-defaults';
import { asArray, asBoolean, asNumber, asRecord, asString } from './values';

/** Money to the cent, half up without binary noise, as the design estimator rounds it. */

/** The usage assumptions of one pricing: the defaults, the user's values, and which were used. */
export class UsageBook {
  private readonly used = new Map<string, TUsageAssumption>();

  constructor(private readonly input: TUsageInput) {}

  value(target: string, key: string, label: string, unit: string, fallback: number): number {
    const given = this.input[target]?.[key];
    const value = given ?? fallback;
    this.used.set(`${target}\u0000${key}`, { target, key, label, unit, value, default: fallback });
    return value;
  }

  list(): TUsageAssumption[] {
    return [...this.used.values()];
  }
}

export interface TPriceOptions {
  usageBased?: boolean;
  note?: string;
  /** A global service (DNS zones): priced at the book's one row without a region note. */
  isGlobal?: boolean;
}

/** Prices one side of one resource by adding lines (or reasons) to its context. */
export type TPricer = (ctx: PricingContext) => void;

/**
 * One side (before or after) of one resource being priced: its attribute values, its region,
 * and the lines and the reasons it could not be priced that its pricer adds.
 */
export class PricingContext {
  readonly lines: TCostLine[] = [];
  readonly unpriced: string[] = [];

  constructor(
    private readonly book: PriceBook,
    readonly resource: TTfResource,
    readonly values: TTfValues,
    /** `after_unknown` for the after side of a plan: attributes known only after apply. */
    private readonly unknownValues: TTfValues | null,
    readonly region: string,
    private readonly regionNote: string | null,
    private readonly usageBook: UsageBook,
    private readonly lookupFn: TResourceLookup,
  ) {}

  get cloud() {
    return this.resource.cloud ?? 'aws';
  }

  str(key: string): string | null {
    return asString(this.values[key]);
  }

  num(key: string): number | null {
    return asNumber(this.values[key]);
  }

  bool(key: string): boolean | null {
    return asBoolean(this.values[key]);
  }

  /** The blocks of a nested block list (`ebs_block_device`), each an object. */
  blocks(key: string, from: TTfValues = this.values): Record<string, unknown>[] {
    const v = from[key];
    return (Array.isArray(v) ? v : [v]).flatMap((b) => {
      const r = asRecord(b);
      return r ? [r] : [];
    });
  }

  strings(key: string): string[] {
    return asArray(this.values[key]).flatMap((v) => (typeof v === 'string' ? [v] : []));
  }

  /** Whether the plan marks the attribute as known only after apply. */
  isUnknown(key: string): boolean {
    const mark = this.unknownValues?.[key];
    return mark === true || (Array.isArray(mark) && mark.includes(true));
  }

  /**
   * A usage number: the user's value for this address, else the default (the design
   * estimator's for the same key, or the plan's own for sizes only apply knows); `fallback` is
   * the default of keys that have none (node counts) or that the plan says.
   */
  usage(key: TUsageKey | TPlanUsageKey, fallback?: number, label?: string): number {
    const spec: TUsageSpec =
      key in PLAN_USAGE_SPECS
        ? PLAN_USAGE_SPECS[key as TPlanUsageKey]
        : USAGE_SPECS[key as TUsageKey];
    const def = fallback ?? spec.default ?? 0;
    return this.usageBook.value(this.resource.address, key, label ?? spec.label, spec.unit, def);
  }

  /** Another resource of the plan this one refers to through `attribute`. */
  referenced(attribute: string): TTfResource | undefined {
    return this.lookupFn(this.resource, attribute);
  }

  /** The book's SKU on this cloud whose name starts with `prefix` (disk tiers carry their size). */
  skuStartingWith(family: TPriceFamily, prefix: string): string | null {
    return this.book.family(this.cloud, family).find((i) => i.sku.startsWith(prefix))?.sku ?? null;
  }

  cannot(reason: string): void {
    if (!this.unpriced.includes(reason)) this.unpriced.push(reason);
  }

  /**
   * Adds a line `quantity × unit price` from the book, or, when the book has no such price, a
   * reason naming what is missing. Answers whether it priced.
   */
  price(
    family: TPriceFamily,
    sku: string,
    quantity: number,
    label: string,
    options: TPriceOptions = {},
  ): boolean {
    const match = this.book.find(this.cloud, family, sku, this.region);
    if (!match) {
      this.cannot(`the price book has no ${this.cloud} ${family} price for "${sku}"`);
      return false;
    }
    const { item } = match;
    const notes: string[] = [];
    if (options.note) notes.push(options.note);
    if (match.fallback && !options.isGlobal) {
      notes.push(`list price in ${item.region}; the book has none for ${this.region}`);
    }
    if (this.regionNote && !options.isGlobal) notes.push(this.regionNote);
    if (item.note) notes.push(item.note);
    this.lines.push({
      componentId: null,
      address: this.resource.address,
      service: this.resource.type,
      label,
      sku: item.sku,
      region: item.region,
      unit: item.unit,
      quantity: tidy(quantity),
      unitPrice: item.price,
      monthly: cents(quantity * item.price),
      asOf: item.asOf,
      source: `${item.source}: ${item.locator}`,
      usageBased: options.usageBased ?? false,
      note: notes.length > 0 ? notes.join('; ') : null,
    });
    return true;
  }
}
