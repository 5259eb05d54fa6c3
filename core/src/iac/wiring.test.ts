import { beforeAll, describe, expect, it } from 'vitest';
import { checkOutput, schemaSource, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { servicesOf } from './catalog/registry';
import type { TServiceDefinition } from './catalog/service';
import { generate } from './generate';
import { smallDesign } from './testing/small-design';
import { CLOUDS, type TCloud } from './types';

/**
 * Every traffic connection from an entry point (API, DNS zone, CDN, load balancer) to every
 * service of its cloud either generates code whose references all exist, or is refused in
 * words. `aws_ecs_service.x.dns_name` was this class: a wiring no example drew.
 */
const ENTRY_KINDS = new Set([
  'api-gateway',
  'dns-zone',
  'cdn',
  'load-balancer',
  'network-load-balancer',
]);

beforeAll(() => {
  schemaSource().lookup('aws_vpc', false);
}, 120_000);

function pairDesign(
  cloud: TCloud,
  from: TServiceDefinition,
  to: TServiceDefinition,
  type: 'traffic' | 'data' = 'traffic',
) {
  const place = (s: TServiceDefinition, id: string) => ({
    id,
    service: s.id,
    name: id,
    ...(s.placement === 'subnet' || s.placement === 'optional-subnet'
      ? { group: 'sn-0' }
      : s.placement === 'network'
        ? { group: 'net' }
        : {}),
  });
  const components = [place(from, 'src'), place(to, 'tgt')];
  const connections: Record<string, unknown>[] = [{ from: 'src', to: 'tgt', type }];
  // AWS load balancers and clusters need a second zone; a load balancer target needs targets.
  for (const [id, s] of [['src', from] as const, ['tgt', to] as const])
    if (s.placement === 'subnet' && cloud === 'aws')
      connections.push({ from: id, to: 'sn-1', type: 'placement' });
  if (to.kind.endsWith('load-balancer')) {
    const vm = servicesOf(cloud).find((s) => s.kind === 'vm')!;
    components.push(place(vm, 'vm'));
    connections.push({ from: 'tgt', to: 'vm', type: 'traffic' });
  }
  return smallDesign({ cloud, components, connections });
}

type TVariant = readonly ['terraform' | 'arm' | 'bicep', 'single' | 'modules'];

/**
 * Every connection of one type from a service of `fromKinds` to every other service of the
 * cloud, generated in `variants` (format and layout): the problems the checkers find, and how
 * many generated. A design the first variant generates must generate in every other one.
 */
async function wire(
  cloud: TCloud,
  fromKinds: ReadonlySet<string>,
  type: 'traffic' | 'data',
  variants: readonly TVariant[],
) {
  const services = servicesOf(cloud);
  const problems: string[] = [];
  const strict = sharedOrBundledSchemas();
  let generated = 0;
  for (const from of services.filter((s) => fromKinds.has(s.kind))) {
    for (const to of services.filter((s) => s !== from && !s.kind.match(/^(network|subnet)$/))) {
      for (const [format, layout] of variants) {
        const r = generate(pairDesign(cloud, from, to, type), { format, layout });
        const variant = `${format}/${layout}`;
        if (!r.ok) {
          if (format === variants[0]![0]) break;
          problems.push(`${from.id} -> ${to.id} (${variant}): ${r.issues[0]?.message}`);
          continue;
        }
        if (format === variants[0]![0]) generated++;
        for (const p of await checkOutput(r.files, strict))
          problems.push(`${from.id} -> ${to.id} (${variant}): ${p}`);
      }
    }
  }
  return { problems, generated };
}

describe.each(CLOUDS)('%s: traffic from entry points to every service', (cloud) => {
  it('validates or is refused, never emits a reference that does not exist', async () => {
    const { problems, generated } = await wire(cloud, ENTRY_KINDS, 'traffic', [
      ['terraform', 'single'],
    ]);
    expect(problems).toEqual([]);
    // Not vacuous: the usual wirings (load balancer to VM, DNS to load balancer...) generate.
    expect(generated).toBeGreaterThan(10);
  }, 120_000);
});

/** Workloads that read and write stores: a data connection from one writes its grants and settings. */
const WORKLOAD_KINDS = new Set([
  'vm',
  'function',
  'serverless-container',
  'web-app',
  'kubernetes',
  'autoscaling-group',
  'workflow',
]);

describe.each(CLOUDS)('%s: data from workloads to every service', (cloud) => {
  it('validates or is refused, never emits a reference that does not exist', async () => {
    // Azure's grants are written in ARM and Bicep as well (data-plane role assignments, scopes),
    // Bicep in its default layout, where a grant on another module's child must declare it.
    const variants: readonly TVariant[] =
      cloud === 'azure'
        ? [
            ['terraform', 'single'],
            ['arm', 'single'],
            ['bicep', 'modules'],
          ]
        : [['terraform', 'single']];
    const { problems, generated } = await wire(cloud, WORKLOAD_KINDS, 'data', variants);
    expect(problems).toEqual([]);
    // Not vacuous: most workload-to-store wirings generate (about 200 to 300 per cloud).
    expect(generated).toBeGreaterThan(150);
  }, 120_000);
});

describe('load balancers refuse targets they cannot register', () => {
  it.each([
    ['aws', 'aws.nlb', 'aws.lambda'],
    ['aws', 'aws.alb', 'aws.eks'],
    ['gcp', 'gcp.network-load-balancer', 'gcp.gke'],
    ['oci', 'oci.load-balancer', 'oci.function'],
  ] as const)('%s: %s -> %s', (cloud, lb, target) => {
    const services = servicesOf(cloud);
    const r = generate(
      pairDesign(
        cloud,
        services.find((s) => s.id === lb)!,
        services.find((s) => s.id === target)!,
      ),
      { format: 'terraform' },
    );
    expect(r.ok ? [] : r.issues.map((i) => i.message)).toEqual([
      expect.stringMatching(/^load balancer src cannot send traffic to tgt \(.+\): it serves /),
    ]);
  });
});
