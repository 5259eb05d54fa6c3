import { defineService } from '../service';
import { boolProp, numProp, strProp } from '../properties';
import { block, call, ref, tfVar, type TTfBody } from '../../ir/terraform-ir';
import { gcpNetworkRef } from './shared';
import { instanceAccount } from './traffic-firewall';
import { IAP_TUNNEL_ROLE, IAP_TUNNEL_SERVICE, iapFirewall, tunnelPort } from './iap-ssh';

/** Google Cloud protection and private access: Cloud Armor, IAP TCP forwarding, PSC for APIs. */

/** Cloud Armor preconfigured WAF rules (ModSecurity CRS 3.3, "stable" sensitivity). */
const WAF_RULES = [
  ['sqlInjection', 'sqli-v33-stable', 'SQL injection'],
  ['crossSiteScripting', 'xss-v33-stable', 'Cross-site scripting'],
  ['localFileInclusion', 'lfi-v33-stable', 'Local file inclusion'],
  ['remoteCodeExecution', 'rce-v33-stable', 'Remote code execution'],
] as const;

export const gcpCloudArmor = defineService({
  id: 'gcp.cloud-armor',
  cloud: 'gcp',
  kind: 'waf',
  name: 'Cloud Armor policy',
  category: 'security',
  description:
    'Web application firewall for the HTTP load balancers it has traffic connections to: preconfigured OWASP rules, a per-IP rate limit and adaptive DDoS protection.',
  icon: 'gcp-cloud-armor',
  properties: [
    ...WAF_RULES.map(([key, , label]) => boolProp(key, label, true)),
    numProp('rateLimit', 'Requests per IP per minute (0: no limit)', 600, 0, 1_000_000),
  ],
  placement: 'none',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'armor' },
  emits: { terraform: ['google_compute_security_policy'] },
  terraform: (ctx) => {
    const rules: TTfBody[] = WAF_RULES.filter(([key]) => ctx.value<boolean>(key)).map(
      ([, rule, label], i) => ({
        action: 'deny(403)',
        priority: 1000 + i,
        description: label,
        match: block({
          expr: block({ expression: `evaluatePreconfiguredWaf('${rule}')` }),
        }),
      }),
    );
    const limit = ctx.value<number>('rateLimit');
    if (limit > 0) {
      rules.push({
        action: 'rate_based_ban',
        priority: 2000,
        description: 'Rate limit per client IP',
        match: block({
          versioned_expr: 'SRC_IPS_V1',
          config: block({ src_ip_ranges: ['*'] }),
        }),
        rate_limit_options: block({
          conform_action: 'allow',
          exceed_action: 'deny(429)',
          enforce_on_key: 'IP',
          rate_limit_threshold: block({ count: limit, interval_sec: 60 }),
          ban_duration_sec: 300,
        }),
      });
    }
    // The default rule (lowest priority) must exist; it lets through what no rule stopped.
    rules.push({
      action: 'allow',
      priority: 2147483647,
      description: 'Default rule',
      match: block({ versioned_expr: 'SRC_IPS_V1', config: block({ src_ip_ranges: ['*'] }) }),
    });
    ctx.resource('google_compute_security_policy', ctx.node.local, {
      name: ctx.name(),
      description: `Cloud Armor policy ${ctx.node.name}`,
      type: 'CLOUD_ARMOR',
      adaptive_protection_config: block({
        layer_7_ddos_defense_config: block({ enable: true }),
      }),
      rule: rules.map((r) => block(r)),
    });
  },
});

export const gcpIapTunnel = defineService({
  id: IAP_TUNNEL_SERVICE,
  cloud: 'gcp',
  kind: 'bastion',
  name: 'IAP TCP forwarding',
  category: 'security',
  description:
    'SSH to private instances through Identity-Aware Proxy, with no bastion host or public IP: a firewall rule for IAP’s range to the connected workloads and tunnel access for the members you list.',
  icon: 'gcp-iap',
  properties: [],
  placement: 'network',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'iap' },
  emits: { terraform: ['google_compute_firewall', 'google_iap_tunnel_iam_member'] },
  terraform: (ctx) => {
    const local = ctx.node.local;
    // A tunnel ends on a VM: an instance, a group's instances or a GKE cluster's nodes, which
    // run as their instance account (a cluster's pods may have no workload account at all).
    const targets = ctx.outgoing('traffic').flatMap((e) => {
      const account = instanceAccount(ctx, e.node);
      return account ? [{ edge: e, account }] : [];
    });
    const ports = [...new Set(targets.map((t) => tunnelPort(t.edge)))].sort();
    if (targets.length > 0)
      iapFirewall(
        ctx,
        local,
        ctx.name(),
        targets.map((t) => t.account),
        ports,
      );
    const members = ctx.variable({
      name: `${local}_members`,
      type: 'list(string)',
      description: `Who may open IAP tunnels through ${ctx.node.name} ("user:…", "group:…").`,
    });
    ctx.resource('google_iap_tunnel_iam_member', local, {
      for_each: call('toset', members),
      project: tfVar('project_id'),
      role: IAP_TUNNEL_ROLE,
      member: ref('each.value'),
    });
  },
});

export const gcpPrivateServiceConnect = defineService({
  id: 'gcp.private-service-connect',
  cloud: 'gcp',
  kind: 'private-endpoint',
  name: 'Private Service Connect (Google APIs)',
  category: 'networking',
  description:
    'An internal endpoint for Google APIs in the network, with private DNS for googleapis.com, so workloads without external IPs reach Cloud Storage, BigQuery and the other APIs privately.',
  icon: 'gcp-psc',
  properties: [
    strProp(
      'address',
      'Endpoint IP address',
      '10.255.255.254',
      'An internal IPv4 address outside every subnet range of the network.',
    ),
  ],
  placement: 'network',
  naming: { rule: 'gcp-psc', abbreviation: 'psc' },
  emits: {
    terraform: [
      'google_compute_global_address',
      'google_compute_global_forwarding_rule',
      'google_dns_managed_zone',
      'google_dns_record_set',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const address = ctx.resource('google_compute_global_address', local, {
      name: ctx.name('ip', 'gcp-rfc1035'),
      purpose: 'PRIVATE_SERVICE_CONNECT',
      address_type: 'INTERNAL',
      address: ctx.value('address'),
      network: gcpNetworkRef(ctx),
    });
    ctx.resource('google_compute_global_forwarding_rule', local, {
      name: ctx.name(),
      target: 'all-apis',
      network: gcpNetworkRef(ctx),
      ip_address: ref(address.address, 'id'),
      load_balancing_scheme: '',
    });
    const zone = ctx.resource('google_dns_managed_zone', local, {
      name: ctx.name('dns', 'gcp-rfc1035'),
      dns_name: 'googleapis.com.',
      description: `googleapis.com through ${ctx.node.name}`,
      visibility: 'private',
      private_visibility_config: block({
        networks: block({ network_url: gcpNetworkRef(ctx) }),
      }),
    });
    ctx.resource('google_dns_record_set', `${local}_apex`, {
      managed_zone: ref(zone.address, 'name'),
      name: 'googleapis.com.',
      type: 'A',
      ttl: 300,
      rrdatas: [ref(address.address, 'address')],
    });
    ctx.resource('google_dns_record_set', `${local}_wildcard`, {
      managed_zone: ref(zone.address, 'name'),
      name: '*.googleapis.com.',
      type: 'CNAME',
      ttl: 300,
      rrdatas: ['googleapis.com.'],
    });
  },
});
