import { describe, expect, it } from 'vitest';
import { checkOutput, pinnedSchemaSource } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import type { TDesignInput } from '../../design/schema-v2';

/** Apps behind Front Door answer Front Door alone, in all three formats. */
function design(extra: NonNullable<TDesignInput['connections']> = []): TDesignInput {
  return {
    v: 2,
    name: 'shop',
    provider: 'azure',
    region: 'westeurope',
    environments: [{ name: 'dev' }],
    components: [
      { id: 'edge', service: 'azure.front-door', name: 'edge' },
      { id: 'waf', service: 'azure.front-door-waf', name: 'edge' },
      { id: 'site', service: 'azure.app-service', name: 'site' },
      { id: 'fn', service: 'azure.function-app', name: 'fn' },
      { id: 'api', service: 'azure.container-app', name: 'api' },
      { id: 'worker', service: 'azure.container-app', name: 'worker' },
    ],
    connections: [
      { from: 'waf', to: 'edge', type: 'traffic' },
      { from: 'edge', to: 'site', type: 'traffic' },
      { from: 'edge', to: 'fn', type: 'traffic' },
      { from: 'edge', to: 'api', type: 'traffic' },
      ...extra,
    ],
  };
}

function build(input: TDesignInput, format: 'terraform' | 'bicep' | 'arm', layout?: string) {
  const r = generate(input, {
    format,
    layout: layout ?? (format === 'terraform' ? 'single' : undefined),
  });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r;
}

const file = (r: ReturnType<typeof build>, path: string) =>
  r.files.find((f) => f.path === path)!.content;

const findings = (r: ReturnType<typeof build>) =>
  r.policy.filter((f) => f.rule === 'azure-front-door-origin-locked').map((f) => f.address);

describe('origins only Front Door calls', () => {
  it('Terraform: web and function apps admit this profile only; the container app is reached over Private Link', async () => {
    const r = build(design(), 'terraform');
    const main = file(r, 'main.tf');
    for (const app of ['azurerm_linux_web_app" "site', 'azurerm_linux_function_app" "fn']) {
      const body = main.slice(main.indexOf(app), main.indexOf('\n}\n', main.indexOf(app)));
      expect(body).toContain('ip_restriction_default_action = "Deny"');
      expect(body).toMatch(/service_tag\s+= "AzureFrontDoor.Backend"/);
      expect(body).toContain('x_azure_fdid = [azurerm_cdn_frontdoor_profile.edge.resource_guid]');
    }
    expect(main).toMatch(/sku_name\s+= "Premium_AzureFrontDoor"/);
    expect(main).not.toContain('Standard_AzureFrontDoor');
    expect(main).toMatch(/private_link_target_id = azurerm_container_app_environment\.api\.id/);
    const apiEnv = main.slice(main.indexOf('azurerm_container_app_environment" "api"'));
    expect(apiEnv.slice(0, apiEnv.indexOf('\n}\n'))).toMatch(
      /public_network_access\s+= "Disabled"/,
    );
    // worker has no caller: nothing to lock, and its environment is left as it was.
    const workerEnv = main.slice(main.indexOf('azurerm_container_app_environment" "worker"'));
    expect(workerEnv.slice(0, workerEnv.indexOf('\n}\n'))).not.toContain('public_network_access');
    expect(findings(r)).toEqual([]);
    expect(await checkOutput(r.files, pinnedSchemaSource())).toEqual([]);
    expect(file(r, 'README.md')).toContain('az network private-endpoint-connection approve');
  });

  it('Bicep (both layouts) and ARM: the same restrictions, Private Link origin and Premium tier', async () => {
    for (const [format, layout] of [['bicep', 'single'], ['bicep', 'modules'], ['arm']] as const) {
      const r = build(design(), format, layout);
      const text = r.files.map((f) => f.content).join('\n');
      expect(text).toContain('AzureFrontDoor.Backend');
      expect(text).toContain('x-azure-fdid');
      expect(text).toContain('frontDoorId');
      expect(text).toMatch(/ipSecurityRestrictionsDefaultAction['"]?: ['"]Deny/);
      expect(text).toContain('sharedPrivateLinkResource');
      expect(text).toMatch(/groupId['"]?: ['"]managedEnvironments/);
      expect(text).toMatch(/publicNetworkAccess['"]?: ['"]Disabled/);
      expect(text).not.toContain('Standard_AzureFrontDoor');
      expect(findings(r)).toEqual([]);
      expect(await checkOutput(r.files)).toEqual([]);
    }
  });

  it('Bicep modules: the profile and the apps it fronts, which refer to each other, share one module', async () => {
    // profile id -> the apps' X-Azure-FDID rule, the apps' host names -> the profile's origins.
    const r = build(design(), 'bicep', 'modules');
    const shared = file(r, 'modules/cdn-and-function-and-web-app.bicep');
    const types = [...shared.matchAll(/^resource \w+ '([^@]+)@/gm)].map((m) => m[1]);
    expect(types).toContain('Microsoft.Cdn/profiles');
    expect(types.filter((t) => t === 'Microsoft.Web/sites')).toHaveLength(2);
    // The profile is declared here, not taken as a parameter: its id is a plain symbol reference.
    expect(shared).toMatch(/'x-azure-fdid': \[\s+edge\w*\.properties\.frontDoorId/);
    const main = file(r, 'main.bicep');
    const calls = [...main.matchAll(/^module (\w+) '([^']+)' = \{$/gm)];
    const paths = calls.map((m) => m[2]);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('modules/cdn-and-function-and-web-app.bicep');
    for (const kind of ['cdn', 'function', 'web-app'])
      expect(r.files.map((f) => f.path)).not.toContain(`modules/${kind}.bicep`);
    for (const [, symbol, path] of calls) {
      const call = main.slice(
        main.indexOf(`module ${symbol} `),
        main.indexOf('\n}', main.indexOf(`module ${symbol} `)),
      );
      // No module is given its own outputs; each parameter it declares is used, each output read.
      expect(call).not.toContain(`${symbol}.outputs.`);
      const text = file(r, path!);
      const uses = (name: string) => text.match(new RegExp(`\\b${name}\\b`, 'g'))!.length;
      for (const [, name] of text.matchAll(/^param (\w+) /gm))
        expect(uses(name!), `${path}: ${name}`).toBeGreaterThan(1);
      for (const [, name] of text.matchAll(/^output (\w+) /gm))
        expect(main, `${path}: ${name}`).toContain(`${symbol}.outputs.${name}`);
    }
    expect(file(r, 'README.md')).toContain('(`modules/cdn-and-function-and-web-app.bicep`)');
    expect(await checkOutput(r.files, pinnedSchemaSource())).toEqual([]);
  });

  it('leaves an app open when something besides Front Door calls it, and the policy says so', () => {
    const input = design([
      { from: 'worker', to: 'api', type: 'data' },
      { from: 'worker', to: 'site', type: 'data' },
    ]);
    for (const format of ['terraform', 'arm'] as const) {
      const r = build(input, format);
      const text = r.files.map((f) => f.content).join('\n');
      expect(text).not.toContain('Premium_AzureFrontDoor');
      expect(findings(r).sort()).toEqual(
        format === 'terraform'
          ? ['azurerm_container_app.api', 'azurerm_linux_web_app.site']
          : ['api', 'site'],
      );
    }
  });
});
