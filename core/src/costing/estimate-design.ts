import { findService } from '../iac/catalog/registry';
import type { TServiceDefinition } from '../iac/catalog/service';
import type { TDesign } from '../iac/design/schema-v2';
import type { TPropertyValue } from '../iac/types';
import type { PriceBook } from './book';
import { freeReasonOf, pricingOf } from './estimators/registry';
import { GKE_ZONES } from './estimators/gcp';
import type { TEstimate, TUsageInput } from './model';
import { sumCents } from './money';
import { CLOUD_NAMES, ComponentPricer, type TDesignFacts, type TEstimateSink } from './pricer';

export interface TEstimateOptions {
  /** Apply this environment's overrides (it must be one of the design's); else base values. */
  environment?: string;
  /** Usage assumptions by component id and key (see `USAGE_SPECS`); the rest take defaults. */
  usage?: TUsageInput;
}

/** Thrown for an environment the design does not have (the server answers 400 before). */
export class UnknownEnvironmentError extends Error {
  constructor(
    readonly environment: string,
    readonly environments: readonly string[],
  ) {
    super(
      `The design has no environment “${environment}”; choose one of: ${environments.join(', ')}`,
    );
  }
}

interface TNodeInput {
  readonly id: string;
  readonly serviceId: string;
  readonly service: TServiceDefinition | undefined;
  readonly props: Readonly<Record<string, TPropertyValue>>;
  readonly resourceType: string | undefined;
}

/** Catalog defaults, the node's own values, then the environment's overrides. */
function propertiesOf(
  service: TServiceDefinition | undefined,
  given: Readonly<Record<string, TPropertyValue>>,
  override: Readonly<Record<string, TPropertyValue>> | undefined,
): Record<string, TPropertyValue> {
  const out: Record<string, TPropertyValue> = {};
  if (service) for (const p of service.properties) out[p.key] = p.default;
  Object.assign(out, given, override);
  return out;
}

function nodesOf(design: TDesign, environment: string | undefined): TNodeInput[] {
  const overrides = environment
    ? design.environments.find((e) => e.name === environment)?.overrides
    : undefined;
  const node = (
    id: string,
    serviceId: string,
    properties: Readonly<Record<string, TPropertyValue>>,
    resourceType?: string,
  ): TNodeInput => {
    const service = findService(serviceId);
    return {
      id,
      serviceId,
      service,
      props: propertiesOf(service, properties, overrides?.[id]),
      resourceType,
    };
  };
  return [
    ...design.groups.map((g) => node(g.id, g.service, g.properties)),
    ...design.components.map((c) => node(c.id, c.service, c.properties, c.resource?.type)),
  ];
}

/** Compute Engine VMs the design runs at its defaults (Cloud NAT bills per VM up to 32). */
function gcpVmCount(nodes: readonly TNodeInput[], usage: TUsageInput | undefined): number {
  let count = 0;
  for (const n of nodes) {
    const given = usage?.[n.id];
    const num = (key: string) => Number(n.props[key]) || 0;
    if (n.serviceId === 'gcp.compute-instance') count += 1;
    else if (n.serviceId === 'gcp.managed-instance-group')
      count += given?.['instances'] ?? num('minSize');
    else if (n.serviceId === 'gcp.gke') count += given?.['nodes'] ?? num('nodeMin') * GKE_ZONES;
  }
  return count;
}

/**
 * A design's monthly list-price estimate on its own cloud and region: a line per charge of each
 * component (730 hours a month; usage-billed charges at the usage assumptions, listed), the parts
 * the book cannot price with the reason, and the free components. Pure, synchronous and fast
 * (the board calls it on every change): a 1,000-component design takes a few milliseconds.
 */
export function estimateDesign(
  design: TDesign,
  book: PriceBook,
  options: TEstimateOptions = {},
): TEstimate {
  const { environment, usage } = options;
  const environments = design.environments.map((e) => e.name);
  if (environment !== undefined && !environments.includes(environment))
    throw new UnknownEnvironmentError(environment, environments);
  const cloud = design.provider;
  const region = design.region;
  const isPriced = book.clouds[cloud]?.priced === true;
  const nodes = nodesOf(design, environment);
  let vmCount: number | undefined;
  const facts: TDesignFacts = { gcpVmCount: () => (vmCount ??= gcpVmCount(nodes, usage)) };
  const sink: TEstimateSink = { lines: [], unpriced: [], assumptions: [], free: [] };
  const unpriced = (id: string, service: string, reason: string) =>
    sink.unpriced.push({ componentId: id, address: null, service, reason });

  for (const node of nodes) {
    const { service } = node;
    if (!service) {
      unpriced(node.id, node.serviceId, `Unknown service “${node.serviceId}”: not in the catalog`);
      continue;
    }
    if (service.cloud !== cloud) {
      unpriced(
        node.id,
        service.id,
        `${service.name} is a ${CLOUD_NAMES[service.cloud]} service; the design is on ${CLOUD_NAMES[cloud]}`,
      );
      continue;
    }
    if (!isPriced) {
      const freeReason = freeReasonOf(service);
      if (freeReason)
        sink.free.push({ componentId: node.id, service: service.id, reason: freeReason });
      else
        unpriced(
          node.id,
          service.id,
          `${CLOUD_NAMES[cloud]} has no dated list prices in the price book, so its services are not priced`,
        );
      continue;
    }
    const pricing = pricingOf(service);
    if (pricing.kind === 'free') {
      sink.free.push({ componentId: node.id, service: service.id, reason: pricing.reason });
    } else if (pricing.kind === 'unpriced') {
      const reason =
        service.kind === 'resource' && node.resourceType
          ? `${pricing.reason} (${node.resourceType})`
          : pricing.reason;
      unpriced(node.id, service.id, reason);
    } else {
      const pricer = new ComponentPricer(
        book,
        cloud,
        region,
        node.id,
        service.id,
        node.props,
        usage?.[node.id],
        sink,
        facts,
      );
      pricing.estimate(pricer);
    }
  }

  let oldest: string | null = null;
  let newest: string | null = null;
  for (const l of sink.lines) {
    if (oldest === null || l.asOf < oldest) oldest = l.asOf;
    if (newest === null || l.asOf > newest) newest = l.asOf;
  }
  return {
    currency: 'USD',
    cloud,
    region,
    environment: environment ?? null,
    monthlyTotal: sumCents(sink.lines.map((l) => l.monthly)),
    lines: sink.lines,
    unpriced: sink.unpriced,
    assumptions: sink.assumptions,
    free: sink.free,
    book: { version: book.version, oldest, newest },
  };
}

export interface TEnvironmentEstimate {
  name: string;
  monthlyTotal: number;
  estimate: TEstimate;
}

/** The design priced in each of its environments (its overrides applied), in its order. */
export function estimateEnvironments(
  design: TDesign,
  book: PriceBook,
  options: Omit<TEstimateOptions, 'environment'> = {},
): TEnvironmentEstimate[] {
  return design.environments.map((e) => {
    const estimate = estimateDesign(design, book, { ...options, environment: e.name });
    return { name: e.name, monthlyTotal: estimate.monthlyTotal, estimate };
  });
}

/** A component's monthly total in an estimate (its badge on the board): the sum of its lines. */
export function componentTotals(estimate: TEstimate): Map<string, number> {
  const sums = new Map<string, number>();
  for (const l of estimate.lines) {
    if (l.componentId === null) continue;
    sums.set(l.componentId, (sums.get(l.componentId) ?? 0) + l.monthly);
  }
  for (const [id, sum] of sums) sums.set(id, sumCents([sum]));
  return sums;
}
