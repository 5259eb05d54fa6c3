import { defineService } from '../service';
import { boolProp, numProp } from '../properties';
import { block, ref, type TTfBlock } from '../../ir/terraform-ir';
import { compartment } from './shared';

/**
 * OCI-managed collaborative protection capabilities (the console's "Collaborative Group"
 * capabilities, keyed like the OWASP Core Rule Set families 930/932/941/942). Their versions
 * change over time, so the plan reads the latest version of each from the WAF service.
 */
const CAPABILITIES = [
  ['sqlInjection', '9420000', 'SQL injection (SQLi)'],
  ['xss', '9410000', 'Cross-site scripting (XSS)'],
  ['fileInclusion', '9300000', 'Local file inclusion (LFI)'],
  ['unixRce', '9320000', 'Remote code execution (Unix)'],
  ['windowsRce', '9320001', 'Remote code execution (Windows)'],
] as const;

/** OCI Web Application Firewall on the load balancers it has traffic connections to. */
export const ociWaf = defineService({
  id: 'oci.waf',
  cloud: 'oci',
  kind: 'waf',
  name: 'Web Application Firewall',
  category: 'security',
  description:
    'WAF policy with OCI-managed protections (SQLi, XSS, file inclusion, remote code execution) at their latest version and a per-client rate limit, enforced on the connected load balancers.',
  icon: 'oci-waf',
  properties: [
    ...CAPABILITIES.map(([key, , label]) => boolProp(key, label, true)),
    numProp('rateLimit', 'Requests per client per minute (0: no limit)', 600, 0, 1_000_000),
  ],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'waf' },
  emits: { terraform: ['oci_waf_web_app_firewall_policy', 'oci_waf_web_app_firewall'] },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const capabilities: TTfBlock[] = CAPABILITIES.filter(([key]) => ctx.value<boolean>(key)).map(
      ([key, id]) => {
        const label = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
        const latest = ctx.data('oci_waf_protection_capabilities', `${local}_${label}`, {
          compartment_id: compartment(),
          key: id,
          is_latest_version: [true],
        });
        return block({
          key: id,
          version: ref(latest.address, 'protection_capability_collection[0].items[0].version'),
        });
      },
    );
    const limit = ctx.value<number>('rateLimit');
    const policy = ctx.resource('oci_waf_web_app_firewall_policy', local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      actions: [
        block({ name: 'block', type: 'RETURN_HTTP_RESPONSE', code: 403 }),
        block({ name: 'throttle', type: 'RETURN_HTTP_RESPONSE', code: 429 }),
      ],
      ...(capabilities.length > 0
        ? {
            request_protection: block({
              rules: block({
                name: 'managed-protections',
                type: 'PROTECTION',
                action_name: 'block',
                is_body_inspection_enabled: true,
                protection_capabilities: capabilities,
              }),
            }),
          }
        : {}),
      ...(limit > 0
        ? {
            request_rate_limiting: block({
              rules: block({
                name: 'rate-limit-per-client',
                type: 'REQUEST_RATE_LIMITING',
                action_name: 'throttle',
                configurations: block({
                  period_in_seconds: 60,
                  requests_limit: limit,
                  action_duration_in_seconds: 60,
                }),
              }),
            }),
          }
        : {}),
      freeform_tags: ctx.tags(),
    });
    for (const { node } of ctx.outgoing('traffic')) {
      if (node.service.kind !== 'load-balancer') continue;
      ctx.resource('oci_waf_web_app_firewall', `${local}_${node.local}`, {
        compartment_id: compartment(),
        display_name: ctx.name(node.id),
        backend_type: 'LOAD_BALANCER',
        load_balancer_id: ref(ctx.address(node, 'oci_load_balancer_load_balancer'), 'id'),
        web_app_firewall_policy_id: ref(policy.address, 'id'),
        freeform_tags: ctx.tags(),
      });
    }
    ctx.output('policy_id', `OCID of WAF policy ${ctx.node.name}`, ref(policy.address, 'id'));
  },
});
