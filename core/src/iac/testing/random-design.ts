import fc from 'fast-check';
import { servicesOf } from '../catalog/registry';
import type { TServiceDefinition } from '../catalog/service';
import type { TDesignInput } from '../design/schema-v2';
import { CLOUD_PROFILES } from '../catalog/registry';
import { GROUP_KINDS, type TCloud, type TPropertyDefinition, type TPropertyValue } from '../types';

/**
 * fast-check arbitrary of valid designs for one cloud: a network with subnets, a random
 * selection of the cloud's services placed where they must be, random property values from
 * their definitions, random naming conventions, and the connections their rules require.
 */
const propertyValue = (p: TPropertyDefinition): fc.Arbitrary<TPropertyValue> => {
  switch (p.type) {
    case 'enum':
      return fc.constantFrom(...(p.allowed ?? [String(p.default)]));
    case 'number':
      return fc.integer({
        min: Math.ceil(p.min ?? 0),
        max: Math.floor(Math.min(p.max ?? 1000, 1e6)),
      });
    case 'boolean':
      return fc.boolean();
    default:
      return fc.constant(p.default);
  }
};

const properties = (s: TServiceDefinition) =>
  fc.record(
    Object.fromEntries(
      s.properties.filter((p) => p.type !== 'cidr').map((p) => [p.key, propertyValue(p)]),
    ),
  );

const naming = fc.record({
  pattern: fc.constantFrom(
    '{org}-{project}-{env}-{type}-{name}',
    '{type}-{name}-{env}',
    '{project}{env}{name}',
    'x-{name}-{instance}-{region}-{env}',
  ),
  separator: fc.constantFrom('-' as const, '_' as const, '' as const),
  case: fc.constantFrom('lower' as const, 'upper' as const, 'preserve' as const),
  org: fc.constantFrom('acme', 'Contoso', ''),
  project: fc.constantFrom('shop', 'p2', ''),
});

function overrideOf(
  comps: NonNullable<TDesignInput['components']>,
  catalog: readonly TServiceDefinition[],
  pick: number,
): Record<string, Record<string, TPropertyValue>> {
  const c = comps[pick % comps.length];
  const s = c && catalog.find((x) => x.id === c.service);
  const p = s?.properties.filter((x) => x.type === 'number' || x.type === 'enum')[pick % 3];
  if (!c || !p) return {};
  const value =
    p.type === 'number' ? (p.min ?? 0) : (p.allowed?.[(pick + 1) % p.allowed.length] ?? p.default);
  return { [c.id]: { [p.key]: value } };
}

/** The service of each `members` value of an OCI dynamic group. */
const OCI_MEMBERS: Readonly<Record<string, string>> = {
  instances: 'oci.compute-instance',
  functions: 'oci.function',
  'container-instances': 'oci.container-instance',
  'api-gateways': 'oci.api-gateway',
};

export function randomDesign(cloud: TCloud): fc.Arbitrary<TDesignInput> {
  const catalog = servicesOf(cloud);
  const network = catalog.find((s) => s.kind === 'network')!;
  const subnet = catalog.find((s) => s.kind === 'subnet')!;
  const components = catalog.filter((s) => !GROUP_KINDS.includes(s.kind));
  return fc
    .record({
      picked: fc.subarray(components, { minLength: 1, maxLength: Math.min(10, components.length) }),
      props: fc.tuple(...components.map(properties)),
      naming,
      envs: fc.constantFrom(['dev'], ['dev', 'prod'], ['dev', 'staging', 'prod']),
      override: fc.nat(50),
      layout: fc.constantFrom('single', 'standard', 'modules', 'env-folders'),
      seed: fc.nat(1000),
    })
    .map(({ picked, props, naming: conv, envs, layout, seed, override }): TDesignInput => {
      const subnets = [0, 1].map((i) => ({
        id: `sn-${i}`,
        service: subnet.id,
        name: `sn${i}`,
        parent: 'net',
        properties: {
          cidr: `10.9.${i * 16}.0/20`,
          ...(subnet.properties.some((p) => p.key === 'zone') ? { zone: String(i) } : {}),
          ...(subnet.properties.some((p) => p.key === 'public') ? { public: i === 0 } : {}),
        },
      }));
      const comps: NonNullable<TDesignInput['components']> = [];
      const connections: NonNullable<TDesignInput['connections']> = [];
      const idOf = (s: TServiceDefinition) =>
        s.kind.replace(/[^a-z]/g, '').slice(0, 12) + String(components.indexOf(s));
      const add = (s: TServiceDefinition) => {
        const id = idOf(s);
        if (comps.some((c) => c.id === id)) return id;
        const index = components.indexOf(s);
        const group =
          s.placement === 'subnet'
            ? s.kind === 'nat-gateway'
              ? 'sn-0'
              : `sn-${(seed + index) % 2}`
            : s.placement === 'network'
              ? 'net'
              : s.placement === 'optional-subnet' && seed % 2 === 0
                ? 'sn-1'
                : undefined;
        comps.push({
          id,
          service: s.id,
          name: id,
          ...(group ? { group } : {}),
          properties: props[index],
        });
        // Multi-zone services get the other subnet too (AWS needs two zones).
        if (
          group?.startsWith('sn-') &&
          [
            'load-balancer',
            'network-load-balancer',
            'kubernetes',
            'file-storage',
            'autoscaling-group',
          ].includes(s.kind)
        ) {
          connections.push({ from: id, to: group === 'sn-0' ? 'sn-1' : 'sn-0', type: 'placement' });
        }
        return id;
      };
      const byKind = (k: string) => components.find((c) => c.kind === k);
      for (const s of picked) add(s);
      for (const c of [...comps]) {
        const s = components.find((x) => x.id === c.service)!;
        if (s.kind === 'load-balancer' || s.kind === 'network-load-balancer') {
          const target = byKind('vm') ?? byKind('autoscaling-group');
          if (target) connections.push({ from: c.id, to: add(target), type: 'traffic', port: 80 });
        }
        if (s.kind === 'cdn') {
          const origin = byKind('object-storage');
          if (origin) connections.push({ from: c.id, to: add(origin), type: 'data' });
        }
        // A dynamic group names its members (policy oci-dynamic-group-scoped): the design has one.
        if (s.id === 'oci.dynamic-group') {
          const member = OCI_MEMBERS[String(c.properties?.['members'] ?? 'instances')];
          const service = components.find((x) => x.id === member);
          if (service) add(service);
        }
        if (s.kind === 'alarm') {
          const watched = byKind('queue');
          if (watched) connections.push({ from: c.id, to: add(watched), type: 'data' });
        }
      }
      // A few data connections from compute to stores.
      const sources = comps.filter((c) =>
        ['vm', 'function', 'serverless-container', 'kubernetes'].includes(
          components.find((x) => x.id === c.service)!.kind,
        ),
      );
      const stores = comps.filter((c) =>
        ['object-storage', 'nosql', 'queue', 'secret', 'postgresql', 'mysql', 'cache'].includes(
          components.find((x) => x.id === c.service)!.kind,
        ),
      );
      sources.forEach((src, i) => {
        const store = stores[(seed + i) % Math.max(1, stores.length)];
        if (store) connections.push({ from: src.id, to: store.id, type: 'data' });
      });
      return {
        v: 2,
        name: `random-${cloud}`,
        provider: cloud,
        region: CLOUD_PROFILES[cloud].regions[seed % CLOUD_PROFILES[cloud].regions.length]!,
        // The last environment overrides one property of one component (prod-sized, say).
        environments: envs.map((name, i) => ({
          name,
          overrides: i > 0 && i === envs.length - 1 ? overrideOf(comps, components, override) : {},
        })),
        naming: conv,
        layout: { terraform: layout as 'single' },
        groups: [
          {
            id: 'net',
            service: network.id,
            name: 'net',
            properties: network.properties.some((p) => p.key === 'cidr')
              ? { cidr: '10.9.0.0/16' }
              : {},
          },
          ...subnets,
        ],
        components: comps,
        connections,
      };
    });
}
