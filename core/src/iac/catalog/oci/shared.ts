import type { TNode, TTfBuildContext } from '../service';
import { perDesign } from '../per-design';
import { settingNamer } from '../setting-names';
import { call, ref, tfVar, tpl, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import { OCI_GRANTS, type TOciGrant } from './grants';

/** Shared pieces of the OCI services: compartment, availability domain, images, subnets. */
export const compartment = (): TTfValue => tfVar('compartment_ocid');

export function availabilityDomain(ctx: TTfBuildContext, index = 0): TTfValue {
  const ads = ctx.data('oci_identity_availability_domains', 'ads', {
    compartment_id: tfVar('tenancy_ocid'),
  });
  return ref(ads.address, `availability_domains[${index}].name`);
}

export const vcnId = (ctx: TTfBuildContext): TTfValue =>
  ref(ctx.address(ctx.network()!, 'oci_core_vcn'), 'id');
export const subnetId = (ctx: TTfBuildContext, subnet: TNode): TTfValue =>
  ref(ctx.address(subnet, 'oci_core_subnet'), 'id');

/** A DNS label from a node: letters and digits, starting with a letter, 15 at most. */
export const dnsLabel = (node: TNode): string => {
  const clean = node.id.replace(/[^a-z0-9]/g, '');
  return (/^[a-z]/.test(clean) ? clean : `n${clean}`).slice(0, 15);
};

/** Network security groups attached to a component by placement connections. */
export const nsgIds = (ctx: TTfBuildContext): TTfValue[] =>
  ctx
    .outgoing('placement')
    .filter((e) => e.node.service.kind === 'security-group')
    .map((e) => ref(ctx.address(e.node, 'oci_core_network_security_group'), 'id'));

export const first = (list: TTfValue): TTfValue => call('element', list, 0);

/** The primary resource of an OCI node (first emitted type). */
export const primary = (ctx: TTfBuildContext, node: TNode, attr: string): TTfRef =>
  ref(ctx.address(node, node.service.emits.terraform[0] ?? ''), attr);

/** The vault a node has a data connection to: where its generated secrets live. */
export const vaultOf = (ctx: TTfBuildContext, node: TNode): TNode | undefined =>
  ctx.edgesOf(node, 'out', 'data').find((e) => e.node.service.id === 'oci.vault')?.node;

/** Suffix of the Terraform name of a database's Vault-generated admin secret (data.ts). */
export const ADMIN_SECRET_SUFFIX = '_admin';

/** Databases whose admin password is kept in the vault they have a data connection to. */
export const VAULT_PASSWORD_DATABASES: ReadonlySet<string> = new Set([
  'oci.postgresql',
  'oci.mysql-heatwave',
  'oci.autonomous-data-warehouse',
  'oci.autonomous-json',
]);

/**
 * Address of the Vault secret holding a database's admin password, when the database has a data
 * connection to a vault: Vault generates it for PostgreSQL and Autonomous Database, and holds the
 * password variable for HeatWave MySQL, which cannot read a secret itself (see data.ts).
 */
export const adminSecretOf = (ctx: TTfBuildContext, db: TNode): string | undefined =>
  VAULT_PASSWORD_DATABASES.has(db.service.id) && vaultOf(ctx, db)
    ? ctx.address(db, 'oci_vault_secret', ADMIN_SECRET_SUFFIX)
    : undefined;

/** CIDR of the node's VCN, for rules that admit only traffic from inside the network. */
export const vcnCidr = (ctx: TTfBuildContext): TTfValue => {
  const network = ctx.network();
  return network ? String(network.properties['cidr'] ?? '10.0.0.0/16') : '10.0.0.0/16';
};

/**
 * The on-premises range a site-to-site VPN of the node's VCN brings in: its IPSec connection's
 * static route (the range the VCN's route tables send to the DRG). Undefined for anything else.
 */
export const onPremisesCidr = (ctx: TTfBuildContext, node: TNode): TTfValue | undefined =>
  node.service.kind === 'vpn-gateway' && node.parent === ctx.network()?.id
    ? ref(ctx.address(node, 'oci_core_ipsec'), 'static_routes[0]')
    : undefined;

/** Per design (its node list): the nodes' local names, gathered once, asked for every node. */
const localsOf = new WeakMap<readonly TNode[], ReadonlySet<string>>();

/**
 * The suffix of a node's own NSG: `_nsg`, or `_nsg_2`… where a component's id already gives that
 * name (an NSG component `web-nsg` beside `web`), so such a design still builds.
 */
export function ownNsgSuffix(ctx: TTfBuildContext, node: TNode): string {
  const taken = perDesign(localsOf, ctx, (nodes) => new Set(nodes.map((n) => n.local)));
  let suffix = '_nsg';
  for (let i = 2; taken.has(`${node.local}${suffix}`); i++) suffix = `_nsg_${i}`;
  return suffix;
}

/**
 * Policy verbs and resource types (OCI IAM policy reference) that a data connection to a node of
 * this kind needs: the node's own kind, and for a database whose admin password Vault generated,
 * reading that secret's bundle. Empty where access is by network only (databases, caches, NFS).
 */
export function accessOf(ctx: TTfBuildContext, target: TNode): TTfValue[] {
  return accessGrants(ctx, target).map((a) => statement(a.grant, a.value));
}

/** A grant a data connection needs, and the value its condition names the resource by. */
export interface TAccess {
  readonly grant: TOciGrant;
  readonly value?: TTfValue;
}

/** The grants behind accessOf, for statements of other subjects (OKE workloads). */
export function accessGrants(ctx: TTfBuildContext, target: TNode): TAccess[] {
  const out: TAccess[] = [];
  const own = OCI_GRANTS[target.service.kind];
  const where = own?.where;
  const value =
    where &&
    (where.type
      ? ref(ctx.address(target, where.type), where.attribute)
      : primary(ctx, target, where.attribute));
  if (own) out.push({ grant: own, value });
  const secret = adminSecretOf(ctx, target);
  if (secret) out.push({ grant: OCI_GRANTS['secret']!, value: ref(secret, 'id') });
  return out;
}

/** `<verb> in compartment id <c> [where <variable> = '<value>']`. */
function statement(grant: TOciGrant, value: TTfValue | undefined): TTfValue {
  const scope = [grant.verb, ' in compartment id ', compartment()] as const;
  return grant.where && value !== undefined
    ? tpl(...scope, ` where ${grant.where.variable} = '`, value, "'")
    : tpl(...scope);
}

/** Configuration values (environment variables) a compute node gets for each store it uses. */
export function connectionConfig(ctx: TTfBuildContext): Record<string, TTfValue> {
  const env: Record<string, TTfValue> = {};
  const targets = ctx.outgoing('data');
  const name = settingNamer(targets.map((e) => e.node));
  for (const edge of targets) {
    const t = edge.node;
    switch (t.service.kind) {
      case 'object-storage':
        env[name(t, 'BUCKET')] = primary(ctx, t, 'name');
        break;
      case 'queue':
        env[name(t, 'QUEUE_ID')] = primary(ctx, t, 'id');
        env[name(t, 'QUEUE_ENDPOINT')] = primary(ctx, t, 'messages_endpoint');
        break;
      case 'topic':
        env[name(t, 'TOPIC_ID')] = primary(ctx, t, 'topic_id');
        break;
      case 'secret':
      case 'nosql':
        env[name(t, 'ID')] = primary(ctx, t, 'id');
        break;
      case 'postgresql':
        env[name(t, 'HOST')] = primary(ctx, t, 'network_details[0].primary_db_endpoint_private_ip');
        env[name(t, 'PORT')] = '5432';
        env[name(t, 'USER')] = primary(ctx, t, 'credentials[0].username');
        break;
      case 'mysql':
        env[name(t, 'HOST')] = primary(ctx, t, 'ip_address');
        env[name(t, 'PORT')] = primary(ctx, t, 'port');
        env[name(t, 'USER')] = primary(ctx, t, 'admin_username');
        break;
      case 'cache':
        env[name(t, 'HOST')] = primary(ctx, t, 'primary_fqdn');
        break;
      case 'email':
        env[name(t, 'EMAIL_DOMAIN')] = primary(ctx, t, 'name');
        break;
      case 'log-group':
        env[name(t, 'LOG_ID')] = ref(ctx.address(t, 'oci_logging_log'), 'id');
        break;
      case 'kafka':
        env[name(t, 'BOOTSTRAP_SERVERS')] = primary(ctx, t, 'kafka_settings[0].bootstrap_servers');
        env[name(t, 'STREAM_POOL_ID')] = primary(ctx, t, 'id');
        break;
      case 'user-directory':
        env[name(t, 'IDENTITY_DOMAIN_URL')] = primary(ctx, t, 'url');
        break;
      case 'apm':
        env[name(t, 'APM_ENDPOINT')] = primary(ctx, t, 'data_upload_endpoint');
        break;
      case 'document-db':
        env[name(t, 'MONGODB_URL')] = primary(ctx, t, 'connection_urls[0].mongo_db_url');
        env[name(t, 'USER')] = 'ADMIN';
        break;
      case 'search':
        env[name(t, 'ENDPOINT')] = tpl('https://', primary(ctx, t, 'opensearch_fqdn'), ':9200');
        break;
      case 'stream':
        env[name(t, 'STREAM_ID')] = primary(ctx, t, 'id');
        env[name(t, 'STREAM_ENDPOINT')] = primary(ctx, t, 'messages_endpoint');
        break;
      case 'data-warehouse':
        // Mutual TLS: the client fetches the wallet by the OCID (GenerateAutonomousDatabaseWallet,
        // which its dynamic group's `read autonomous-databases` allows, grants.ts).
        env[name(t, 'ID')] = primary(ctx, t, 'id');
        env[name(t, 'CONNECTION_STRING')] = primary(ctx, t, 'connection_strings[0].high');
        env[name(t, 'USER')] = 'ADMIN';
        break;
      case 'file-storage':
        env[name(t, 'MOUNT_IP')] = ref(
          ctx.address(t, 'oci_file_storage_mount_target'),
          'ip_address',
        );
        env[name(t, 'EXPORT_PATH')] = ref(ctx.address(t, 'oci_file_storage_export'), 'path');
        break;
    }
    // A database's admin password in Vault: the workload reads its bundle by this OCID, which
    // accessOf grants (dynamic group), whatever the compute kind and the database engine.
    const secret = adminSecretOf(ctx, t);
    if (secret) env[name(t, 'SECRET_ID')] = ref(secret, 'id');
  }
  return env;
}

/** Key of the defined tag that marks pooled instances as members of a dynamic group. */
export const MEMBER_TAG = 'member';

/** Pools and node pools: instances whose OCIDs a dynamic group cannot list in advance. */
export const isPooled = (n: TNode): boolean =>
  n.service.id === 'oci.instance-pool' || n.service.id === 'oci.oke';

/** Per design (its node list): its dynamic groups of instances, found once for every pool. */
const instanceGroupsOf = new WeakMap<readonly TNode[], readonly TNode[]>();

/**
 * `defined_tags` for pooled instances: the member tag of every dynamic group of instances, so
 * that the groups' matching rules select them (see the dynamic group builder).
 */
export function memberTags(ctx: TTfBuildContext): { defined_tags?: TTfValue } {
  const groups = perDesign(instanceGroupsOf, ctx, (nodes) =>
    nodes.filter(
      (n) => n.service.id === 'oci.dynamic-group' && n.properties['members'] === 'instances',
    ),
  );
  if (groups.length === 0) return {};
  const keys = groups.map((g) =>
    tpl(
      ref(ctx.address(g, 'oci_identity_tag_namespace'), 'name'),
      '.',
      ref(ctx.address(g, 'oci_identity_tag'), 'name'),
    ),
  );
  return {
    defined_tags: call(
      'zipmap',
      keys,
      keys.map(() => 'true'),
    ),
  };
}
