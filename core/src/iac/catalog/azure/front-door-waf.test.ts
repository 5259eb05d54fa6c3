import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';

/**
 * A Premium Front Door WAF policy runs Microsoft's managed rule sets (the Default Rule Set against
 * OWASP attacks, the Bot Manager rule set) in block mode; a Standard one cannot take them and
 * keeps the rate limit alone. Front Door is Premium when a container app behind it is reached
 * over Private Link.
 */
const design = (origin: 'azure.container-app' | 'azure.app-service') =>
  smallDesign({
    cloud: 'azure',
    components: [
      { id: 'edge', service: 'azure.front-door', name: 'edge' },
      { id: 'waf', service: 'azure.front-door-waf', name: 'edge' },
      { id: 'app', service: origin, name: 'app' },
    ],
    connections: [
      { from: 'waf', to: 'edge', type: 'traffic' },
      { from: 'edge', to: 'app', type: 'traffic' },
    ],
  });

function generated(d: unknown, format: 'terraform' | 'arm' | 'bicep') {
  const r = generate(d, { format, layout: 'single' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r;
}

type TWaf = { type: string; sku: { name: string }; properties: Record<string, unknown> };
const armWaf = (d: unknown): TWaf =>
  (
    JSON.parse(generated(d, 'arm').files.find((f) => f.path === 'azuredeploy.json')!.content) as {
      resources: TWaf[];
    }
  ).resources.find((r) => r.type === 'Microsoft.Network/FrontDoorWebApplicationFirewallPolicies')!;

const tfWaf = (d: unknown) =>
  resourceBlock(
    terraformFiles(d).find((f) => f.path === 'main.tf')!.content,
    'azurerm_cdn_frontdoor_firewall_policy',
    'waf',
  );

describe('Front Door WAF managed rule sets', () => {
  it('Terraform: a Premium policy blocks with the Default Rule Set and Bot Manager', () => {
    const waf = tfWaf(design('azure.container-app'));
    expect(waf).toMatch(/sku_name\s+= "Premium_AzureFrontDoor"/);
    expect(waf).toMatch(
      /managed_rule \{\n\s+type\s+= "Microsoft_DefaultRuleSet"\n\s+version\s+= "2\.1"\n\s+action\s+= "Block"/,
    );
    expect(waf).toMatch(
      /managed_rule \{\n\s+type\s+= "Microsoft_BotManagerRuleSet"\n\s+version\s+= "1\.1"\n\s+action\s+= "Block"/,
    );
  });

  it('ARM: the same managed rule sets on a Premium policy', () => {
    const waf = armWaf(design('azure.container-app'));
    expect(waf.sku.name).toBe('Premium_AzureFrontDoor');
    expect(waf.properties['managedRules']).toEqual({
      managedRuleSets: [
        { ruleSetType: 'Microsoft_DefaultRuleSet', ruleSetVersion: '2.1', ruleSetAction: 'Block' },
        {
          ruleSetType: 'Microsoft_BotManagerRuleSet',
          ruleSetVersion: '1.1',
          ruleSetAction: 'Block',
        },
      ],
    });
  });

  it('a Standard policy takes none (Standard refuses managed rule sets)', () => {
    const d = design('azure.app-service');
    expect(tfWaf(d)).toMatch(/sku_name\s+= "Standard_AzureFrontDoor"/);
    expect(tfWaf(d)).not.toContain('managed_rule');
    expect(armWaf(d).properties['managedRules']).toBeUndefined();
  });

  it('checks against the provider schemas and ARM types', async () => {
    const d = design('azure.container-app');
    const all = [
      ...terraformFiles(d),
      ...generated(d, 'arm').files,
      ...generated(d, 'bicep').files,
    ];
    expect(await checkOutput(all, sharedOrBundledSchemas())).toEqual([]);
  });
});
