import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { resourceBlock, smallDesign } from '../../testing/small-design';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';

/**
 * A Linux VM or scale set that a load balancer or Application Gateway sends traffic to boots a
 * stock image that serves nothing: without a boot script of the user's, every health probe
 * fails and the deployed system serves nothing. The script is a required input given as custom
 * data; user data stays the connection settings (decision 0033).
 */
function design() {
  const d = smallDesign({
    cloud: 'azure',
    components: [
      {
        id: 'gateway',
        service: 'azure.application-gateway',
        name: 'web',
        group: 'sn-0',
        properties: { healthPath: '/healthz' },
      },
      { id: 'web', service: 'azure.vm-scale-set', name: 'web', group: 'sn-1' },
      {
        id: 'lb',
        service: 'azure.load-balancer',
        name: 'api',
        group: 'sn-1',
        properties: { public: false, probeProtocol: 'Http', healthPath: '/ready' },
      },
      { id: 'api', service: 'azure.linux-vm', name: 'api', group: 'sn-1' },
      { id: 'jump', service: 'azure.linux-vm', name: 'jump', group: 'sn-1' },
      { id: 'files', service: 'azure.storage-account', name: 'files' },
    ],
    connections: [
      { from: 'gateway', to: 'web', type: 'traffic' },
      { from: 'lb', to: 'api', type: 'traffic', port: 8080 },
      { from: 'web', to: 'files', type: 'data' },
    ],
  });
  const environments = [
    { name: 'dev' },
    { name: 'prod', overrides: { gateway: { healthPath: '/status' } } },
  ];
  return { ...d, environments };
}

function generated(format: 'terraform' | 'arm' | 'bicep') {
  const r = generate(design(), { format, layout: 'single', readme: true });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r;
}
const file = (format: 'terraform' | 'arm' | 'bicep', path: string) =>
  generated(format).files.find((f) => f.path === path)!.content;

type TArmTemplate = {
  parameters: Record<string, { type: string; minLength?: number }>;
  resources: { type: string; name: string; properties: Record<string, never> }[];
};

describe('a load-balanced Azure VM or scale set boots the script the user gives', () => {
  it('Terraform: custom_data from a required, sensitive, non-empty variable; user data kept', () => {
    const files = generated('terraform').files;
    const main = files.find((f) => f.path === 'main.tf')!.content;
    const variables = files.find((f) => f.path === 'variables.tf')?.content ?? main;

    const web = resourceBlock(main, 'azurerm_linux_virtual_machine_scale_set', 'web');
    expect(web).toMatch(/custom_data\s+= base64encode\(var\.web_custom_data\)/);
    expect(web).toMatch(/user_data\s+= base64encode\(jsonencode\(/);

    const api = resourceBlock(main, 'azurerm_linux_virtual_machine', 'api');
    expect(api).toMatch(/custom_data\s+= base64encode\(var\.api_custom_data\)/);
    // A changed script would replace the VM: it is left out of the plan.
    expect(api).toMatch(/ignore_changes\s+= \[custom_data\]/);

    // Nothing probes this VM: it keeps its image as it is.
    const jump = resourceBlock(main, 'azurerm_linux_virtual_machine', 'jump');
    expect(jump).not.toContain('custom_data');
    expect(variables).not.toContain('jump_custom_data');

    for (const name of ['web_custom_data', 'api_custom_data']) {
      const start = variables.indexOf(`variable "${name}" {`);
      expect(start).toBeGreaterThanOrEqual(0);
      const block = variables.slice(start, variables.indexOf('\n}\n', start));
      expect(block).not.toMatch(/default\s+=/);
      expect(block).toMatch(/sensitive\s+= true/);
      expect(block).toContain(`condition     = can(regex("\\\\S", var.${name}))`);
    }
  });

  it('ARM and Bicep: osProfile.customData from a required secure parameter', () => {
    const template = JSON.parse(file('arm', 'azuredeploy.json')) as TArmTemplate;
    const of = (type: string, suffix: string) =>
      template.resources.find((r) => r.type === type && String(r.name).includes(suffix))!
        .properties as Record<string, Record<string, Record<string, unknown>>>;
    const web = of('Microsoft.Compute/virtualMachineScaleSets', 'web');
    expect(web['virtualMachineProfile']!['osProfile']!['customData']).toBe(
      "[base64(parameters('webCustomData'))]",
    );
    expect(web['virtualMachineProfile']!['userData']).toBeDefined();
    const api = of('Microsoft.Compute/virtualMachines', 'api');
    expect(api['osProfile']!['customData']).toBe("[base64(parameters('apiCustomData'))]");
    expect(of('Microsoft.Compute/virtualMachines', 'jump')['osProfile']).not.toHaveProperty(
      'customData',
    );
    for (const name of ['webCustomData', 'apiCustomData'])
      expect(template.parameters[name]).toMatchObject({ type: 'securestring', minLength: 1 });
    expect(template.parameters).not.toHaveProperty('jumpCustomData');

    expect(file('bicep', 'main.bicep')).toMatch(
      /@secure\(\)\n@minLength\(1\)\n.*\nparam webCustomData string\n/,
    );
    for (const env of ['dev', 'prod'])
      expect(file('bicep', `main.${env}.bicepparam`)).toContain(
        "param webCustomData = readEnvironmentVariable('WEB_CUSTOM_DATA')",
      );
  });

  it('README: what each load balancer and gateway probes, per environment, and where to give it', () => {
    const tf = file('terraform', 'README.md');
    expect(tf).toContain('## Boot scripts of load-balanced VMs');
    expect(tf).toContain(
      '- `web` (`TF_VAR_web_custom_data`): HTTP GET /healthz or /status (Host 127.0.0.1) on port 80 with a status from 200 to 399 (Application Gateway web).',
    );
    expect(tf).toContain(
      '- `api` (`TF_VAR_api_custom_data`): HTTP GET /ready on port 8080 with status 200 (load balancer api).',
    );
    expect(tf).not.toContain('`jump`');
    expect(tf).toContain('terraform apply -replace=');
    for (const format of ['arm', 'bicep'] as const) {
      const readme = file(format, 'README.md');
      expect(readme).toContain('- `web` (`WEB_CUSTOM_DATA`): HTTP GET /healthz or /status');
      expect(readme).toContain('- `api` (`API_CUSTOM_DATA`): HTTP GET /ready on port 8080');
    }
  });

  it('passes the provider schemas, ARM types and security policy', async () => {
    const all = (['terraform', 'arm', 'bicep'] as const).map((f) => generated(f));
    expect(all.flatMap((r) => r.policy.filter((p) => !p.exempted))).toEqual([]);
    expect(
      await checkOutput(
        all.flatMap((r) => r.files),
        sharedOrBundledSchemas(),
      ),
    ).toEqual([]);
  });
});
