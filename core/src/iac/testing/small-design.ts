import { generate } from '../generate';
import type { TCloud } from '../types';

/**
 * Small designs for builder tests: a network with two subnets in two zones and the given
 * components and connections, generated in the `single` layout (one main.tf to read).
 */
export interface TSmallDesign {
  readonly cloud: TCloud;
  readonly region?: string;
  readonly components: readonly Record<string, unknown>[];
  readonly connections?: readonly Record<string, unknown>[];
  readonly groups?: readonly Record<string, unknown>[];
  readonly tags?: Readonly<Record<string, string>>;
}

const NETWORK: Readonly<Record<TCloud, { network: string; subnet: string; region: string }>> = {
  aws: { network: 'aws.vpc', subnet: 'aws.subnet', region: 'eu-west-1' },
  gcp: { network: 'gcp.vpc-network', subnet: 'gcp.subnetwork', region: 'europe-west1' },
  azure: { network: 'azure.virtual-network', subnet: 'azure.subnet', region: 'westeurope' },
  oci: { network: 'oci.vcn', subnet: 'oci.subnet', region: 'eu-frankfurt-1' },
};

export function smallDesign(d: TSmallDesign): Record<string, unknown> {
  const n = NETWORK[d.cloud];
  return {
    v: 2,
    name: 'wiring',
    provider: d.cloud,
    region: d.region ?? n.region,
    environments: [{ name: 'dev' }, { name: 'prod' }],
    naming: { org: 'acme', project: 'shop', pattern: '{org}-{project}-{env}-{type}-{name}' },
    tags: d.tags ?? { owner: 'platform' },
    groups: d.groups ?? [
      {
        id: 'net',
        service: n.network,
        name: 'main',
        // Google's VPC networks are global and have no address range of their own.
        properties: d.cloud === 'gcp' ? {} : { cidr: '10.20.0.0/16' },
      },
      ...[0, 1].map((i) => ({
        id: `sn-${i}`,
        service: n.subnet,
        name: `sn${i}`,
        parent: 'net',
        // Only AWS subnets carry a zone; the others are regional.
        properties: { cidr: `10.20.${i}.0/24`, ...(d.cloud === 'aws' ? { zone: String(i) } : {}) },
      })),
    ],
    components: d.components,
    connections: d.connections ?? [],
  };
}

/** An OCI VCN with one subnet per tier (`10.20.<i>.0/24`), the `edge` tier public. */
export const ociTiers = (tiers: readonly string[]): Record<string, unknown>[] => [
  { id: 'net', service: 'oci.vcn', name: 'main', properties: { cidr: '10.20.0.0/16' } },
  ...tiers.map((name, i) => ({
    id: name,
    service: 'oci.subnet',
    name,
    parent: 'net',
    properties: { cidr: `10.20.${i}.0/24`, public: name === 'edge' },
  })),
];

/** The generated Terraform files of a design; throws with the issues when it does not build. */
export function terraformFiles(design: unknown, layout = 'single') {
  const r = generate(design, { format: 'terraform', layout });
  if (!r.ok) throw new Error(r.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return r.files;
}

export function mainTf(design: unknown): string {
  return terraformFiles(design).find((f) => f.path === 'main.tf')?.content ?? '';
}

/** The text of one Terraform resource in `hcl` (`resource "type" "name" {` to its `}`). */
export function resourceBlock(hcl: string, type: string, name: string): string {
  const start = hcl.indexOf(`resource "${type}" "${name}" {\n`);
  if (start < 0) throw new Error(`no resource ${type}.${name}`);
  return hcl.slice(start, hcl.indexOf('\n}\n', start) + 2);
}

/** The text of one Terraform output (`output "name" {` to its `}`), or '' when there is none. */
export function outputBlock(hcl: string, name: string): string {
  const start = hcl.indexOf(`output "${name}" {\n`);
  return start < 0 ? '' : hcl.slice(start, hcl.indexOf('\n}\n', start) + 2);
}

/** `NAME=value` of each setting in an output's object value (`NAME = value` lines). */
export const outputSettings = (output: string): string[] =>
  [...output.matchAll(/^ {4}([A-Z][A-Z0-9_]*)\s+= (.+)$/gm)].map(([, k, v]) => `${k}=${v}`);
