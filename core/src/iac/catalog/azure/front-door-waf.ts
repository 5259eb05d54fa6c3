import { defineService, type TArmBuildContext, type TNode, type TTfBuildContext } from '../service';
import { enumProp, numProp } from '../properties';
import { aref } from '../../ir/arm-ir';
import { block, ref } from '../../ir/terraform-ir';
import { BuildError } from '../../build/terraform-build';
import { rgName } from './shared';
import { PREMIUM_SKU, wafSku } from './front-door-access';

/**
 * Web application firewall policy for Azure Front Door, attached to the endpoint of each Front
 * Door it has a traffic connection to (a security policy on the profile), in the tier of those
 * profiles: a per-client rate limit in prevention mode, a custom rule both tiers take, and on
 * Premium the Default Rule Set (OWASP: SQL injection, XSS, Log4j...) and the Bot Manager rule set,
 * which only Premium takes (learn.microsoft.com/azure/frontdoor/standard-premium/tier-comparison).
 * Without them a Premium policy blocked nothing but floods.
 */
const WAF_API = '2025-03-01';
const CDN_API = '2024-09-01';
/** Managed rule sets of a Premium policy (learn.microsoft.com/azure/web-application-firewall/afds/waf-front-door-drs). */
const MANAGED_RULE_SETS = [
  { type: 'Microsoft_DefaultRuleSet', version: '2.1' },
  { type: 'Microsoft_BotManagerRuleSet', version: '1.1' },
] as const;
const managedRuleSets = (sku: string) => (sku === PREMIUM_SKU ? MANAGED_RULE_SETS : []);

function frontDoors(ctx: TTfBuildContext | TArmBuildContext): TNode[] {
  const doors = ctx.outgoing('traffic').map((e) => e.node);
  const other = doors.find((n) => n.service.id !== 'azure.front-door');
  if (doors.length === 0 || other)
    throw new BuildError(
      `${ctx.node.name}: connect the WAF policy to the Front Door it protects${other ? `, not to ${other.name}` : ''}`,
    );
  return doors;
}

export const azureFrontDoorWaf = defineService({
  id: 'azure.front-door-waf',
  cloud: 'azure',
  kind: 'waf',
  name: 'Front Door WAF policy',
  category: 'security',
  description:
    'Web application firewall policy on the Front Doors it is connected to: a per-client rate limit and, on Premium, the Default Rule Set and Bot Manager rule set, in prevention or detection mode.',
  icon: 'azure-waf',
  properties: [
    enumProp('mode', 'Mode', ['Prevention', 'Detection'], 'Prevention'),
    numProp('rateLimit', 'Requests per minute per client IP', 1000, 10, 1000000),
  ],
  placement: 'none',
  naming: { rule: 'azure-afd-waf', abbreviation: 'waf' },
  emits: {
    terraform: ['azurerm_cdn_frontdoor_firewall_policy', 'azurerm_cdn_frontdoor_security_policy'],
    arm: [
      { type: 'Microsoft.Network/FrontDoorWebApplicationFirewallPolicies', apiVersion: WAF_API },
      { type: 'Microsoft.Cdn/profiles/securityPolicies', apiVersion: CDN_API },
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const doors = frontDoors(ctx);
    const sku = wafSku(ctx, doors);
    const managed = managedRuleSets(sku);
    const policy = ctx.resource('azurerm_cdn_frontdoor_firewall_policy', local, {
      name: ctx.name(),
      resource_group_name: rgName(),
      sku_name: sku,
      enabled: true,
      mode: ctx.prop('mode'),
      tags: ctx.tags(),
      custom_rule: block({
        name: 'ratelimit',
        type: 'RateLimitRule',
        priority: 100,
        action: 'Block',
        rate_limit_duration_in_minutes: 1,
        rate_limit_threshold: ctx.prop('rateLimit'),
        match_condition: block({
          match_variable: 'RemoteAddr',
          operator: 'IPMatch',
          match_values: ['0.0.0.0/0', '::/0'],
        }),
      }),
      ...(managed.length > 0
        ? { managed_rule: managed.map((m) => block({ ...m, action: 'Block' })) }
        : {}),
    });
    for (const door of doors) {
      ctx.resource('azurerm_cdn_frontdoor_security_policy', `${local}_${door.local}`, {
        name: `${door.local.replace(/_/g, '-')}-waf`,
        cdn_frontdoor_profile_id: ref(ctx.address(door, 'azurerm_cdn_frontdoor_profile'), 'id'),
        security_policies: block({
          firewall: block({
            cdn_frontdoor_firewall_policy_id: ref(policy.address, 'id'),
            association: block({
              patterns_to_match: ['/*'],
              domain: block({
                cdn_frontdoor_domain_id: ref(
                  ctx.address(door, 'azurerm_cdn_frontdoor_endpoint'),
                  'id',
                ),
              }),
            }),
          }),
        }),
      });
    }
  },
  arm: (ctx) => {
    const doors = frontDoors(ctx);
    const sku = wafSku(ctx, doors);
    const managed = managedRuleSets(sku);
    const policy = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Network/FrontDoorWebApplicationFirewallPolicies',
      apiVersion: WAF_API,
      name: ctx.name(),
      body: {
        location: 'Global',
        tags: ctx.tags(),
        sku: { name: sku },
        properties: {
          policySettings: { enabledState: 'Enabled', mode: ctx.prop('mode') },
          customRules: {
            rules: [
              {
                name: 'ratelimit',
                ruleType: 'RateLimitRule',
                priority: 100,
                action: 'Block',
                enabledState: 'Enabled',
                rateLimitDurationInMinutes: 1,
                rateLimitThreshold: ctx.prop('rateLimit'),
                matchConditions: [
                  {
                    matchVariable: 'RemoteAddr',
                    operator: 'IPMatch',
                    matchValue: ['0.0.0.0/0', '::/0'],
                  },
                ],
              },
            ],
          },
          ...(managed.length > 0
            ? {
                managedRules: {
                  managedRuleSets: managed.map((m) => ({
                    ruleSetType: m.type,
                    ruleSetVersion: m.version,
                    ruleSetAction: 'Block',
                  })),
                },
              }
            : {}),
        },
      },
    });
    for (const door of doors) {
      ctx.resource({
        symbol: ctx.symbol(
          ctx.node,
          `${ctx.symbol(door).charAt(0).toUpperCase()}${ctx.symbol(door).slice(1)}`,
        ),
        type: 'Microsoft.Cdn/profiles/securityPolicies',
        apiVersion: CDN_API,
        parent: ctx.symbol(door, 'Profile'),
        name: `${door.local.replace(/_/g, '-')}-waf`,
        body: {
          properties: {
            parameters: {
              type: 'WebApplicationFirewall',
              wafPolicy: { id: aref(policy, 'id') },
              associations: [
                { domains: [{ id: aref(ctx.symbol(door), 'id') }], patternsToMatch: ['/*'] },
              ],
            },
          },
        },
      });
    }
  },
});
