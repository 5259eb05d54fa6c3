import { parse as parseYaml } from 'yaml';
import type { TPriceFamily, TPriceUnit } from '@stratum/core/costing/book';
import { PriceListError, toPrice, type TPriceListReader } from './types';

/** pricing.yml is a few MB of YAML, read whole (YAML does not stream); larger is refused. */
const MAX_YAML_BYTES = 64 * 1024 * 1024;

type TNode = Record<string, unknown>;
const text = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' ? String(v) : '';
const isObject = (v: unknown): v is TNode =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const at = (node: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((n, k) => (isObject(n) ? n[k] : undefined), node);

/** Paths of pricing.yml with per-region costs, as the seed (cyclenerd-gcp rows) reads them. */
const FIXED: readonly {
  path: string[];
  leaf: 'hour' | 'month';
  family: TPriceFamily;
  sku: string;
  unit: TPriceUnit;
  note?: string;
}[] = [
  {
    path: ['compute', 'storage', 'hdd', 'cost'],
    leaf: 'month',
    family: 'storage.block',
    sku: 'Persistent Disk pd-standard',
    unit: 'GB-month',
  },
  {
    path: ['compute', 'storage', 'balanced', 'cost'],
    leaf: 'month',
    family: 'storage.block',
    sku: 'Persistent Disk pd-balanced',
    unit: 'GB-month',
  },
  {
    path: ['compute', 'storage', 'ssd', 'cost'],
    leaf: 'month',
    family: 'storage.block',
    sku: 'Persistent Disk pd-ssd',
    unit: 'GB-month',
  },
  {
    path: ['storage', 'bucket', 'standard', 'cost'],
    leaf: 'month',
    family: 'storage.object',
    sku: 'Cloud Storage standard (regional)',
    unit: 'GB-month',
  },
  {
    path: ['storage', 'bucket', 'nearline', 'cost'],
    leaf: 'month',
    family: 'storage.object',
    sku: 'Cloud Storage nearline (regional)',
    unit: 'GB-month',
  },
  {
    path: ['storage', 'bucket', 'coldline', 'cost'],
    leaf: 'month',
    family: 'storage.object',
    sku: 'Cloud Storage coldline (regional)',
    unit: 'GB-month',
  },
  {
    path: ['compute', 'network', 'nat', 'gateway', 'cost'],
    leaf: 'hour',
    family: 'network.nat-gateway',
    sku: 'Cloud NAT gateway (32 or more VMs; $0.0014 per VM-hour below)',
    unit: 'hour',
    note: 'Cyclenerd stores the per-VM rate × 32, the hourly cap',
  },
  {
    path: ['compute', 'network', 'nat', 'data', 'cost'],
    leaf: 'month',
    family: 'network.nat-gateway',
    sku: 'Cloud NAT data processed',
    unit: 'GB',
  },
  {
    path: ['compute', 'network', 'traffic', 'egress', 'internet', 'cost', '0-1'],
    leaf: 'month',
    family: 'network.egress',
    sku: 'Internet egress, Premium tier, worldwide excl. China/Australia (0–1 TB)',
    unit: 'GB',
  },
  {
    path: ['compute', 'network', 'traffic', 'egress', 'internet', 'cost', '1-10'],
    leaf: 'month',
    family: 'network.egress',
    sku: 'Internet egress, Premium tier, worldwide excl. China/Australia (1–10 TB)',
    unit: 'GB',
  },
  {
    path: ['compute', 'network', 'ip', 'vm', 'cost'],
    leaf: 'hour',
    family: 'network.public-ip',
    sku: 'External IP on a running VM',
    unit: 'hour',
  },
];

/**
 * Cyclenerd's pricing.yml (google-cloud-pricing-cost-calculator; Apache-2.0, portions CC-BY-4.0
 * Google): already per machine type and region (`compute.instance.<type>.cost.<region>.hour`),
 * the form the seed's GCP VM rows come from.
 */
export const gcpPricingYml: TPriceListReader = {
  format: 'gcp-pricing-yml',
  cloud: 'gcp',
  async read(source, sink) {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of source) {
      size += chunk.length;
      if (size > MAX_YAML_BYTES)
        throw new PriceListError(`pricing.yml is larger than ${MAX_YAML_BYTES / 1024 / 1024} MiB`);
      chunks.push(chunk);
    }
    if (size === 0) throw new PriceListError('The file is empty');
    let doc: unknown;
    try {
      doc = parseYaml(Buffer.concat(chunks).toString('utf8'), { maxAliasCount: 100 });
    } catch (error) {
      const e = error as Error & { linePos?: { line: number; col: number }[] };
      const pos = e.linePos?.[0];
      throw new PriceListError(
        `Not valid YAML${pos ? ` at line ${pos.line}, column ${pos.col}` : ''}: ${e.message.split('\n')[0] ?? ''}`,
      );
    }
    const instances = at(doc, 'compute', 'instance');
    if (!isObject(instances))
      throw new PriceListError('Not a Cyclenerd pricing.yml: no compute.instance map');
    const timestamp = Number(at(doc, 'about', 'timestamp'));
    if (Number.isFinite(timestamp) && timestamp > 0) {
      sink.meta({ asOf: new Date(timestamp * 1000).toISOString().slice(0, 10) });
    }
    sink.meta({ title: `pricing.yml ${text(at(doc, 'about', 'generated'))}`.trim() });

    for (const [type, spec] of Object.entries(instances)) {
      sink.record();
      const cost = at(spec, 'cost');
      if (!isObject(cost)) {
        sink.skip('machine type without costs');
        continue;
      }
      const cpu = toPrice(at(spec, 'cpu'));
      const ram = toPrice(at(spec, 'ram'));
      for (const [region, c] of Object.entries(cost)) {
        const hour = toPrice(at(c, 'hour'));
        if (hour === undefined) continue;
        sink.price({
          family: 'compute.vm',
          sku: type,
          region,
          unit: 'hour',
          price: hour,
          locator: `pricing.yml compute.instance.${type}.cost.${region}.hour`,
          attrs: {
            ...(cpu !== undefined && { vcpu: cpu }),
            ...(ram !== undefined && { memory_gib: ram }),
            os: 'Linux (no licence)',
            term: 'on-demand',
          },
          note: null,
          derived: false,
        });
      }
    }
    for (const f of FIXED) {
      const byRegion = at(doc, ...f.path);
      if (!isObject(byRegion)) continue;
      sink.record();
      for (const [region, c] of Object.entries(byRegion)) {
        const price = toPrice(at(c, f.leaf));
        if (price === undefined) continue;
        sink.price({
          family: f.family,
          sku: f.sku,
          region,
          unit: f.unit,
          price,
          locator: `pricing.yml ${f.path.join('.')}.${region}.${f.leaf}`,
          attrs: null,
          note: f.note ?? null,
          derived: false,
        });
      }
    }
  },
};
