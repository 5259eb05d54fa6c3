import type { z } from 'zod';
import type { PriceBook } from '../book';
import type { pricePlanEndpoint, TPricedResource } from '../../contract/costing/plan';
import type { TCostLine, TUnpriced, TUsageInput } from '../model';
import { cents, sumCents } from '../money';
import { PricingContext, UsageBook, type TPricer } from './context';
import { isFreeType } from './free-types';
import type { TTfResource, TTfValues } from './model';
import { parseTerraformJson } from './parse';
import { AWS_PRICERS } from './pricers-aws';
import { AZURE_PRICERS } from './pricers-azure';
import { GCP_PRICERS } from './pricers-gcp';
import { regionOf, type TResourceLookup } from './regions';
import { asArray, asRecord, asString } from './values';

/** The answer of `POST /api/costing/plan` (its `data`). */
export type TPlanPricing = z.infer<typeof pricePlanEndpoint.response>['data'];

export type TPlanPricingResult = { ok: true; value: TPlanPricing } | { ok: false; message: string };

const PRICERS: Readonly<Record<string, TPricer>> = {
  ...AWS_PRICERS,
  ...AZURE_PRICERS,
  ...GCP_PRICERS,
};

/** The Terraform resource types with a pricer (for the page and the docs). */
export const PRICED_RESOURCE_TYPES: readonly string[] = Object.keys(PRICERS).sort();

interface Side {
  lines: TCostLine[];
  unpriced: string[];
  region: string;
}

/** Lookups across the plan: by configuration reference, by id, and resource groups by name. */
function lookupsFor(resources: readonly TTfResource[]): TResourceLookup {
  const byConfig = new Map<string, TTfResource>();
  const byId = new Map<string, TTfResource>();
  const groups = new Map<string, TTfResource>();
  for (const r of resources) {
    const key = `${r.moduleAddress ?? ''}|${r.type}.${r.name}`;
    if (!byConfig.has(key)) byConfig.set(key, r);
    const values = r.after ?? r.before;
    const id = asString(values?.id);
    if (id) byId.set(id, r);
    const name = asString(values?.name);
    if (r.type === 'azurerm_resource_group' && name) groups.set(name, r);
  }
  return (from, attribute) => {
    for (const ref of from.references[attribute] ?? []) {
      const found = byConfig.get(`${from.moduleAddress ?? ''}|${ref}`);
      if (found) return found;
    }
    // An id attribute, or the `id` of a nested block (`launch_template[0].id`).
    const raw = (from.after ?? from.before)?.[attribute];
    const value = asString(raw) ?? asString(asRecord(asArray(raw)[0])?.id);
    if (!value) return undefined;
    return attribute === 'resource_group_name' ? groups.get(value) : byId.get(value);
  };
}

const sum = (lines: readonly TCostLine[]) => sumCents(lines.map((l) => l.monthly));

/**
 * Prices a Terraform plan or state (`terraform show -json`) with the book: each managed resource
 * before and after the plan, line by line, with the usage assumptions used and what could not be
 * priced. Data sources are not priced. Pure: the same input and book give the same answer.
 */
export function pricePlan(
  input: unknown,
  book: PriceBook,
  options: { usage?: TUsageInput } = {},
): TPlanPricingResult {
  const parsed = parseTerraformJson(input);
  if (!parsed.ok) return parsed;
  const { kind, formatVersion, terraformVersion } = parsed.value;
  const resources = parsed.value.resources.filter((r) => r.mode === 'managed');
  const usage = new UsageBook(options.usage ?? {});
  const lookup = lookupsFor(resources);
  const unpriced: TUnpriced[] = [];
  const priced: TPricedResource[] = [];

  const priceSide = (
    r: TTfResource,
    values: TTfValues,
    unknown: TTfValues | null,
    pricer: TPricer,
  ): Side => {
    const { region, note } = regionOf(r, values, lookup);
    const ctx = new PricingContext(book, r, values, unknown, region, note, usage, lookup);
    pricer(ctx);
    return { lines: ctx.lines, unpriced: ctx.unpriced, region };
  };

  for (const r of resources) {
    const pricer = PRICERS[r.type];
    const isFree = !pricer && isFreeType(r.type);
    const reasons: string[] = [];
    let before: Side | null = null;
    let after: Side | null = null;
    if (pricer) {
      before = r.before ? priceSide(r, r.before, null, pricer) : null;
      after = r.after
        ? r.after === r.before && before
          ? before
          : priceSide(r, r.after, r.afterUnknown, pricer)
        : null;
      for (const reason of [...(before?.unpriced ?? []), ...(after?.unpriced ?? [])]) {
        if (!reasons.includes(reason)) reasons.push(reason);
      }
    } else if (!isFree) {
      reasons.push(
        r.cloud === 'oci'
          ? 'OCI has no dated list prices in the price book'
          : r.cloud
            ? `${r.type} is not a resource type this pricing knows`
            : `the ${r.provider.type || 'unknown'} provider is not a cloud this prices`,
      );
    }
    for (const reason of reasons) {
      unpriced.push({ componentId: null, address: r.address, service: r.type, reason });
    }
    const statedRegion = (res: TTfResource) => {
      const choice = regionOf(res, res.after ?? res.before ?? {}, lookup);
      return choice.note ? null : choice.region;
    };
    const hasLines = (before?.lines.length ?? 0) + (after?.lines.length ?? 0) > 0;
    const pricing: TPricedResource['pricing'] = isFree
      ? 'free'
      : reasons.length === 0
        ? 'priced'
        : hasLines
          ? 'partly'
          : 'unpriced';
    const monthly = (exists: boolean, side: Side | null) =>
      !exists || pricing === 'unpriced' ? null : side ? sum(side.lines) : 0;
    const entry: TPricedResource = {
      address: r.address,
      type: r.type,
      cloud: r.cloud,
      region: r.cloud ? (after?.region ?? before?.region ?? statedRegion(r)) : null,
      action: r.action,
      monthlyBefore: monthly(r.before !== null, before),
      monthlyAfter: monthly(r.after !== null, after),
      lines: after?.lines ?? before?.lines ?? [],
      pricing,
    };
    if ((r.action === 'update' || r.action === 'replace') && before) {
      entry.linesBefore = before.lines;
    }
    priced.push(entry);
  }

  const monthlyBefore = sumCents(priced.map((p) => p.monthlyBefore ?? 0));
  const monthlyAfter = sumCents(priced.map((p) => p.monthlyAfter ?? 0));
  return {
    ok: true,
    value: {
      currency: 'USD',
      kind,
      formatVersion,
      terraformVersion,
      monthlyBefore,
      monthlyAfter,
      monthlyDelta: cents(monthlyAfter - monthlyBefore),
      resources: priced,
      unpriced,
      assumptions: usage.list(),
      book: { version: book.version },
    },
  };
}
