import fc from 'fast-check';
import { servicesOf } from '../catalog/registry';
import type { TServiceDefinition } from '../catalog/service';
import type { TDesignInput } from '../design/schema-v2';
import { CLOUD_PROFILES } from '../catalog/registry';
import { AZURE_POSTGRES_STORAGE_GB } from '../design/rules/azure-postgres-storage';
import { ACA_PLACEHOLDER } from '../catalog/azure/container-placeholder';
import { propertyFindings } from '../design/rules/cross-field';
import { GCP_ZONES } from '../design/rules/gcp-zones';
import { GROUP_KINDS, type TCloud, type TPropertyDefinition, type TPropertyValue } from '../types';
import type { TTerraformSchemaFile } from '../catalog/generic/schema-data';
import { randomGenericComponents } from './random-generic';

/** Properties whose valid values are a short list inside a wide range (drawn from the list). */
const LISTED: Readonly<Record<string, readonly number[]>> = {
  'azure.postgresql-flexible.storageGb': AZURE_POSTGRES_STORAGE_GB,
  // Strings keep their default: the placeholder image, which listens on this port only.
  'azure.container-app.containerPort': [ACA_PLACEHOLDER.port],
};

/**
 * fast-check arbitrary of valid designs for one cloud: a network with subnets, a random
 * selection of the cloud's services placed where they must be, random property values from
 * their definitions, random naming conventions, and the connections their rules require.
 */
const propertyValue = (p: TPropertyDefinition, service: string): fc.Arbitrary<TPropertyValue> => {
  const listed = LISTED[`${service}.${p.key}`];
  if (listed) return fc.constantFrom(...listed);
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

/** Switches that open a component on purpose, a policy finding only an exemption accepts: off. */
const KEPT_OFF: Readonly<Record<string, Readonly<Record<string, TPropertyValue>>>> = {
  'aws.eks': { publicEndpoint: false },
};

/** Ranges a service adds to the network (10.9.0.0/16 below), clear of the drawn subnets. */
const IN_NETWORK: Readonly<Record<string, Readonly<Record<string, TPropertyValue>>>> = {
  'azure.dns-resolver': {
    inboundSubnetCidr: '10.9.250.0/28',
    outboundSubnetCidr: '10.9.250.16/28',
  },
};

/** Values the cloud accepts together: the cross-field rules hold for every drawn component. */
const properties = (s: TServiceDefinition) =>
  fc
    .record(
      Object.fromEntries(
        s.properties.filter((p) => p.type !== 'cidr').map((p) => [p.key, propertyValue(p, s.id)]),
      ),
    )
    .map((props) => ({ ...props, ...KEPT_OFF[s.id], ...IN_NETWORK[s.id] }))
    .filter((props) => propertyFindings(s, props).length === 0);

/** A zone letter the region has (the catalog's letters are a, b, c; some regions start at b). */
function zoneIn(region: string, letter: TPropertyValue): TPropertyValue {
  const zones = GCP_ZONES[region];
  if (!zones || zones.includes(String(letter))) return letter;
  return zones.find((z) => ['a', 'b', 'c'].includes(z)) ?? letter;
}

const naming = fc.record({
  pattern: fc.constantFrom(
    '{org}-{project}-{env}-{type}-{name}',
    '{type}-{name}-{env}',
    '{project}{env}{name}',
    'x-{name}-{instance}-{region}-{env}',
  ),
  separator: fc.constantFrom('-' as const, '_' as const, '.' as const, '' as const),
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
  // An environment may not make the component one the cloud refuses either.
  if (propertyFindings(s, { ...c.properties, [p.key]: value }).length > 0) return {};
  // A Google alert watches the queue's backlog age, a gauge: no percentile (gcp-alert-aligner).
  if (value === 'ALIGN_PERCENTILE_99') return {};
  return { [c.id]: { [p.key]: value } };
}

/** The service of each `members` value of an OCI dynamic group. */
const OCI_MEMBERS: Readonly<Record<string, string>> = {
  instances: 'oci.compute-instance',
  functions: 'oci.function',
  'container-instances': 'oci.container-instance',
  'api-gateways': 'oci.api-gateway',
};

const withZone = (props: Record<string, TPropertyValue>, region: string) =>
  'zone' in props ? { ...props, zone: zoneIn(region, props['zone']) } : props;

/**
 * With `schema` (the provider's schema data), 0-3 generic resource components of random types
 * join the curated ones (random-generic.ts).
 */
export function randomDesign(
  cloud: TCloud,
  schema?: TTerraformSchemaFile,
): fc.Arbitrary<TDesignInput> {
  const curated = randomCuratedDesign(cloud);
  if (!schema) return curated;
  return curated.chain((design) => {
    const comps = design.components ?? [];
    // A reference reads `id` of the target's primary resource (its service's first emitted
    // type): only targets whose type has one (framework resources such as aws_dsql_cluster do not).
    const primaryType = new Map(servicesOf(cloud).map((s) => [s.id, s.emits.terraform?.[0]]));
    const referable = comps.filter((c) => {
      const type = primaryType.get(c.service);
      return type !== undefined && schema.resources[type]?.a?.id !== undefined;
    });
    return randomGenericComponents(
      cloud,
      schema,
      referable.map((c) => c.id),
    ).map((generic) => ({ ...design, components: [...comps, ...generic] }));
  });
}

function randomCuratedDesign(cloud: TCloud): fc.Arbitrary<TDesignInput> {
  const catalog = servicesOf(cloud);
  const network = catalog.find((s) => s.kind === 'network')!;
  const subnet = catalog.find((s) => s.kind === 'subnet')!;
  // Generic resources need a type and arguments: random-generic.ts draws them.
  const components = catalog.filter((s) => !GROUP_KINDS.includes(s.kind) && s.kind !== 'resource');
  return fc
    .record({
      picked: fc.subarray(components, { minLength: 1, maxLength: Math.min(10, components.length) }),
      props: fc.tuple(...components.map(properties)),
      naming,
      envs: fc.constantFrom(
        ['dev'],
        ['dev', 'prod'],
        ['dev', 'staging', 'prod'],
        ['dev', 'uat', 'production'],
      ),
      override: fc.nat(50),
      layout: fc.constantFrom('single', 'standard', 'modules', 'env-folders'),
      seed: fc.nat(1000),
    })
    .map(({ picked, props, naming: conv, envs, layout, seed, override }): TDesignInput => {
      const regions = CLOUD_PROFILES[cloud].regions;
      const region = regions[seed % regions.length]!;
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
      const ownSubnets: (typeof subnets)[number][] = [];
      const connections: NonNullable<TDesignInput['connections']> = [];
      const idOf = (s: TServiceDefinition) =>
        s.kind.replace(/[^a-z]/g, '').slice(0, 12) + String(components.indexOf(s));
      const add = (s: TServiceDefinition) => {
        const id = idOf(s);
        if (comps.some((c) => c.id === id)) return id;
        const index = components.indexOf(s);
        const group =
          s.placement === 'subnet'
            ? s.needsOwnSubnet
              ? `sn-own-${index}`
              : s.kind === 'nat-gateway'
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
          properties: withZone(props[index] ?? {}, region),
        });
        if (s.needsOwnSubnet) {
          ownSubnets.push({
            id: `sn-own-${index}`,
            service: subnet.id,
            name: `own${index}`,
            parent: 'net',
            properties: { cidr: `10.9.${200 + ownSubnets.length}.0/24` },
          });
        }
        // Multi-zone services get the other subnet too (AWS needs two zones).
        if (
          !s.needsOwnSubnet &&
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
      // By index: a component added here (a WAF's Front Door) gets its own connections too.
      for (let i = 0; i < comps.length; i++) {
        const c = comps[i]!;
        const s = components.find((x) => x.id === c.service)!;
        if (s.kind === 'load-balancer' || s.kind === 'network-load-balancer') {
          const target = byKind('vm') ?? byKind('autoscaling-group');
          if (target) connections.push({ from: c.id, to: add(target), type: 'traffic', port: 80 });
        }
        // An API calls a backend of each kind it integrates with (the class of
        // `aws_ecs_service.x.dns_name`: a wiring no random design drew before).
        if (s.kind === 'api-gateway') {
          // A load balancer only when the design has one already (it then has targets).
          const lb = byKind('load-balancer');
          const hasLb = lb !== undefined && comps.some((x) => x.service === lb.id);
          const options = [
            byKind('function'),
            byKind('serverless-container'),
            hasLb ? lb : undefined,
          ];
          const backend = options.filter((b) => b !== undefined)[seed % 3] ?? options[0];
          if (backend) connections.push({ from: c.id, to: add(backend), type: 'traffic' });
        }
        // A zone names the CDN when there is one (custom domains: certificates, aliases).
        if (s.kind === 'dns-zone') {
          const cdn = byKind('cdn');
          if (cdn && comps.some((x) => x.service === cdn.id))
            connections.push({ from: c.id, to: idOf(cdn), type: 'traffic' });
        }
        if (s.kind === 'private-endpoint') {
          const target = byKind('object-storage') ?? byKind('kms');
          if (target) connections.push({ from: c.id, to: add(target), type: 'data' });
        }
        // A log connector delivers somewhere: a bucket (the usual archive).
        if (s.kind === 'log-router') {
          const archive = byKind('object-storage');
          if (archive) connections.push({ from: c.id, to: add(archive), type: 'data' });
        }
        if (s.kind === 'apm') {
          const store = byKind('log-group');
          if (store) connections.push({ from: c.id, to: add(store), type: 'data' });
        }
        if (s.kind === 'waf') {
          const protectedCdn = byKind('cdn');
          if (protectedCdn)
            connections.push({ from: c.id, to: add(protectedCdn), type: 'traffic' });
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
        // An OCI bucket is encrypted with a Vault key (policy oci-bucket-customer-key): it uses one.
        if (s.id === 'oci.object-storage') {
          const vault = components.find((x) => x.id === 'oci.vault');
          if (vault) connections.push({ from: c.id, to: add(vault), type: 'data' });
        }
        if (s.kind === 'alarm') {
          const watched = byKind('queue');
          // Pub/Sub's backlog age is a gauge: a percentile aligner is refused (gcp-alert-aligner).
          if (c.properties?.['aligner'] === 'ALIGN_PERCENTILE_99')
            c.properties = { ...c.properties, aligner: 'ALIGN_MAX' };
          if (watched) connections.push({ from: c.id, to: add(watched), type: 'data' });
          // It notifies a topic when there is one (alert topics get a key CloudWatch may use).
          const topic = byKind('topic');
          if (topic && comps.some((x) => x.service === topic.id))
            connections.push({ from: c.id, to: idOf(topic), type: 'data' });
        }
        // An AWS WebSocket API routes to a function (routes, authorizer, invoke permissions);
        // its $connect is authorized (policy aws-api-gateway-authenticated): IAM or a function.
        if (s.id === 'aws.websocket-api') {
          const handler = byKind('function');
          if (handler) connections.push({ from: c.id, to: add(handler), type: 'traffic' });
          if (c.properties?.['authorizer'] === 'none')
            c.properties = { ...c.properties, authorizer: 'iam' };
        }
        // A Pub/Sub topic delivers to what is there to pull or export: a VM, an instance group,
        // a GKE cluster (pull subscriptions), a BigQuery dataset or a bucket (export ones).
        if (s.id === 'gcp.pubsub-topic') {
          const kinds = [
            'vm',
            'autoscaling-group',
            'kubernetes',
            'data-warehouse',
            'object-storage',
          ];
          const present = kinds
            .map(byKind)
            .filter((t) => t !== undefined && comps.some((x) => x.service === t.id));
          const target = present[seed % Math.max(1, present.length)];
          if (target) connections.push({ from: c.id, to: idOf(target), type: 'traffic' });
        }
        // An OCI API gateway checks its callers' bearer tokens (oci-api-gateway-authenticated).
        if (s.id === 'oci.api-gateway' && c.properties?.['authentication'] === 'NONE')
          c.properties = { ...c.properties, authentication: 'TOKEN' };
        // An AWS HTTP API checks its callers' tokens: it uses a user pool (a JWT authorizer).
        if (s.id === 'aws.api-gateway') {
          const pool = components.find((x) => x.id === 'aws.cognito');
          if (pool) connections.push({ from: c.id, to: add(pool), type: 'data' });
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
        if (!store) return;
        connections.push({ from: src.id, to: store.id, type: 'data' });
        // A Lambda consuming an SQS queue: the queue hides messages at least as long as it runs.
        if (src.service === 'aws.lambda' && store.service === 'aws.sqs') {
          const timeout = Number(src.properties?.['timeout'] ?? 0);
          const visibility = Number(store.properties?.['visibilityTimeout'] ?? 0);
          store.properties = {
            ...store.properties,
            visibilityTimeout: Math.max(timeout, visibility),
          };
        }
      });
      return {
        v: 2,
        name: `random-${cloud}`,
        provider: cloud,
        region,
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
          ...ownSubnets,
        ],
        components: comps,
        connections,
      };
    });
}
