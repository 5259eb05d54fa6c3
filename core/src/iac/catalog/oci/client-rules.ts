import type { TConnection } from '../../design/schema-v2';
import type { TEdge, TNode, TTfBuildContext } from '../service';
import { block, ref, tpl, type TTfBlock, type TTfBody, type TTfValue } from '../../ir/terraform-ir';
import { compartment, nsgIds, onPremisesCidr, ownNsgSuffix, vcnCidr, vcnId } from './shared';

const ANYWHERE = '0.0.0.0/0';

/**
 * Ingress for the components the VCN's base security list no longer opens to the whole VCN
 * (network.ts): each admits, on its ports, the components that send it traffic or use its data.
 * A packet passes when any rule of the subnet's security lists or of the VNIC's NSGs allows it
 * ("Security Rules", OCI Networking), so these rules are the only way in.
 */

/** A TCP or UDP port range a component answers on. */
export interface TOciPorts {
  readonly protocol: 'tcp' | 'udp';
  readonly min: number;
  readonly max: number;
}

export const tcp = (min: number, max = min): TOciPorts => ({ protocol: 'tcp', min, max });
export const udp = (min: number, max = min): TOciPorts => ({ protocol: 'udp', min, max });

/** NFSv3 on a File Storage mount target: rpcbind, mountd, nfs and nlm ("File Storage" rules). */
export const NFS_PORTS: readonly TOciPorts[] = [tcp(111), tcp(2048, 2050), udp(111), udp(2048)];

/** Components that take no NSG: a security list of theirs opens their subnet to their clients. */
export const HAS_TIER_LIST: readonly string[] = ['oci.opensearch'];

/**
 * Workloads that always have an NSG of their own (`<node>_nsg`) when they sit in a subnet, so
 * what they reach admits that NSG: their traffic, and only theirs, wherever they sit.
 */
const HAS_OWN_NSG: readonly string[] = [
  'oci.compute-instance',
  'oci.instance-pool',
  'oci.oke',
  'oci.container-instance',
  'oci.function',
  'oci.load-balancer',
  'oci.network-load-balancer',
  'oci.api-gateway',
  'oci.autonomous-data-warehouse',
  'oci.autonomous-json',
  'oci.streaming',
  'oci.streaming-kafka',
];

/** Where a client's packets come from, as a security rule's `source` and `source_type`. */
interface TSource {
  readonly source: TTfValue;
  readonly type: 'CIDR_BLOCK' | 'NETWORK_SECURITY_GROUP';
}

/**
 * A client's source: on-premises for a site-to-site VPN (its routed range); its own NSG; a
 * bastion's private endpoint (sessions start there); the
 * clients themselves behind a network load balancer that preserves their address (anyone behind
 * a public one); else each
 * subnet of the VCN it sits in. None for a client outside the VCN (a service reached through the
 * OCI API).
 */
function sourcesOf(
  ctx: TTfBuildContext,
  client: TNode,
  seen: ReadonlySet<string> = new Set(),
): TSource[] {
  const onPremises = onPremisesCidr(ctx, client);
  if (onPremises !== undefined) return [{ source: onPremises, type: 'CIDR_BLOCK' }];
  const network = ctx.network();
  const subnets = ctx.subnetsOf(client).filter((s) => s.parent === network?.id);
  if (subnets.length === 0) return [];
  const cidr = (source: TTfValue): TSource => ({ source, type: 'CIDR_BLOCK' });
  if (client.service.kind === 'bastion')
    return [
      cidr(
        tpl(ref(ctx.address(client, 'oci_bastion_bastion'), 'private_endpoint_ip_address'), '/32'),
      ),
    ];
  if (client.service.id === 'oci.network-load-balancer' && client.properties['preserveSource']) {
    if (client.properties['public']) return [cidr(ANYWHERE)];
    // A private one passes its own clients' addresses on: theirs, not the whole VCN.
    return ctx
      .edgesOf(client, 'in', 'traffic')
      .filter((e) => !seen.has(e.node.id))
      .flatMap((e) => sourcesOf(ctx, e.node, new Set([...seen, client.id])));
  }
  if (HAS_OWN_NSG.includes(client.service.id))
    return [
      {
        source: ref(
          ctx.address(client, 'oci_core_network_security_group', ownNsgSuffix(ctx, client)),
          'id',
        ),
        type: 'NETWORK_SECURITY_GROUP',
      },
    ];
  return subnets.map((s) => cidr(ref(ctx.address(s, 'oci_core_subnet'), 'cidr_block')));
}

/** One rule: a resource name's tail (`from_web_5432`), where from, and which ports. */
interface TClientRule {
  readonly name: string;
  readonly from: TSource;
  readonly ports: TOciPorts;
}

const portName = (p: TOciPorts) =>
  `${p.protocol === 'udp' ? 'udp_' : ''}${p.min}${p.max === p.min ? '' : `_${p.max}`}`;

/**
 * The ports a connection reaches: its own port (UDP when it says so); SSH from a bastion unless
 * it names another; else the component's.
 */
export function portsOf(edge: TEdge, own: readonly TOciPorts[]): readonly TOciPorts[] {
  const { port, protocol } = edge.connection;
  if (port !== undefined) return [protocol === 'udp' ? udp(port) : tcp(port)];
  return edge.node.service.kind === 'bastion' ? [tcp(22)] : own;
}

/**
 * The rules admitting the node's clients (connections of `types` into it, and `more` edges whose
 * clients reach it without one: `client_<name>`, so they do not read as a connection) on `own`
 * ports.
 */
function clientRules(
  ctx: TTfBuildContext,
  own: readonly TOciPorts[],
  types: readonly TConnection['type'][],
  more: readonly TEdge[] = [],
): TClientRule[] {
  const seen = new Set<string>();
  const out: TClientRule[] = [];
  const drawn = types.flatMap((t) => ctx.incoming(t));
  for (const edge of [...drawn, ...more]) {
    if (edge.node.id === ctx.node.id) continue;
    const client = edge.node;
    const prefix = drawn.includes(edge) ? 'from' : 'client';
    sourcesOf(ctx, client).forEach((from, i) => {
      for (const ports of portsOf(edge, own)) {
        const name = `${prefix}_${client.local}_${i === 0 ? '' : `${i + 1}_`}${portName(ports)}`;
        if (seen.has(name)) continue;
        seen.add(name);
        out.push({ name, from, ports });
      }
    });
  }
  return out;
}

/** `protocol` and the port options of an NSG rule. */
function portBody(ports: TOciPorts): TTfBody {
  const range = block({ destination_port_range: block({ min: ports.min, max: ports.max }) });
  return ports.protocol === 'udp'
    ? { protocol: '17', udp_options: range }
    : { protocol: '6', tcp_options: range };
}

/** The node's own NSG (`<node>_nsg`); its rules are added by the caller. */
export function ownNsgResource(ctx: TTfBuildContext): string {
  const name = ctx.node.local + ownNsgSuffix(ctx, ctx.node);
  return ctx.resource('oci_core_network_security_group', name, {
    compartment_id: compartment(),
    vcn_id: vcnId(ctx),
    display_name: ctx.name('nsg'),
    freeform_tags: ctx.tags(),
  }).address;
}

function writeRules(ctx: TTfBuildContext, nsg: string, rules: readonly TClientRule[]): void {
  for (const { name, from, ports } of rules) {
    ctx.resource('oci_core_network_security_group_security_rule', `${ctx.node.local}_${name}`, {
      network_security_group_id: ref(nsg, 'id'),
      direction: 'INGRESS',
      ...portBody(ports),
      source: from.source,
      source_type: from.type,
    });
  }
}

/** Adds the rules admitting the node's clients to an NSG of the node's own. */
export function admitClients(
  ctx: TTfBuildContext,
  nsg: string,
  own: readonly TOciPorts[],
  types: readonly TConnection['type'][],
): void {
  writeRules(ctx, nsg, clientRules(ctx, own, types));
}

/**
 * The NSGs of a workload (HAS_OWN_NSG): its own, admitting its clients on its ports, then those
 * attached by placement.
 */
export function workloadNsgIds(
  ctx: TTfBuildContext,
  own: readonly TOciPorts[],
  types: readonly TConnection['type'][],
): TTfValue[] {
  const nsg = ownNsgResource(ctx);
  admitClients(ctx, nsg, own, types);
  return [ref(nsg, 'id'), ...nsgIds(ctx)];
}

/**
 * The NSGs of a data store: its own, admitting its clients on its ports, then those attached by
 * placement, which alone decide when no client is drawn (none: nothing in the VCN reaches it, as
 * policy oci-nsg-no-vcn-wide-ingress asks, until a connection says who may).
 */
export function storeNsgIds(ctx: TTfBuildContext, own: readonly TOciPorts[]): TTfValue[] {
  const attached = nsgIds(ctx);
  const rules = clientRules(ctx, own, ['data', 'traffic']);
  if (rules.length === 0) return attached;
  const nsg = ownNsgResource(ctx);
  writeRules(ctx, nsg, rules);
  return [ref(nsg, 'id'), ...attached];
}

/**
 * The NSGs of a service endpoint (load balancers, API gateways, Autonomous Databases, stream
 * pools): its own, admitting on its ports anyone when it is public, else only the components
 * connected to it (policy oci-nsg-no-vcn-wide-ingress); egress to the VCN, or anywhere for one
 * that calls services outside it; then those attached by placement.
 */
export function endpointNsgIds(
  ctx: TTfBuildContext,
  own: readonly TOciPorts[],
  isPublic: boolean,
  isEgressAnywhere = false,
  more: readonly TEdge[] = [],
): TTfValue[] {
  const nsg = ownNsgResource(ctx);
  const anyone: TSource = { source: ANYWHERE, type: 'CIDR_BLOCK' };
  writeRules(
    ctx,
    nsg,
    isPublic
      ? own.map((ports) => ({ name: `in_${portName(ports)}`, from: anyone, ports }))
      : clientRules(ctx, own, ['traffic', 'data'], more),
  );
  ctx.resource('oci_core_network_security_group_security_rule', `${ctx.node.local}_all_out`, {
    network_security_group_id: ref(nsg, 'id'),
    direction: 'EGRESS',
    protocol: 'all',
    destination: isEgressAnywhere ? ANYWHERE : vcnCidr(ctx),
    destination_type: 'CIDR_BLOCK',
  });
  return [ref(nsg, 'id'), ...nsgIds(ctx)];
}

/**
 * Ingress entries of a security list for a component that takes no NSG (Search with OpenSearch
 * in oracle/oci 7.4): its ports from the VCN, as the private endpoints of Autonomous Database and
 * Streaming admit theirs, and from on-premises through a VPN connected to it. A security list
 * names no NSG, and a client subnet's CIDR could only be a literal (the subnet refers to the
 * list), which a subnet's own override would leave stale.
 */
export function vcnListEntries(ctx: TTfBuildContext, own: readonly TOciPorts[]): TTfBlock[] {
  const onPremises = [...ctx.incoming('traffic'), ...ctx.incoming('data')].flatMap((edge) => {
    const source = onPremisesCidr(ctx, edge.node);
    return source === undefined ? [] : portsOf(edge, own).map((ports) => ({ source, ports }));
  });
  // A security list's port options carry min and max themselves (NSG rules nest a range).
  return [...own.map((ports) => ({ source: vcnCidr(ctx), ports })), ...onPremises].map(
    ({ source, ports }) => {
      const range = block({ min: ports.min, max: ports.max });
      return block({
        ...(ports.protocol === 'udp'
          ? { protocol: '17', udp_options: range }
          : { protocol: '6', tcp_options: range }),
        source,
        source_type: 'CIDR_BLOCK',
      });
    },
  );
}
