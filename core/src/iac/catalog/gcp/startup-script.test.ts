import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/** An instance group behind an Application and a Network Load Balancer, prod on another path. */
const design = {
  ...smallDesign({
    cloud: 'gcp',
    components: [
      {
        id: 'alb',
        service: 'gcp.http-load-balancer',
        name: 'www',
        properties: { healthPath: '/ready' },
      },
      { id: 'nlb', service: 'gcp.network-load-balancer', name: 'tcp', group: 'sn-0' },
      {
        id: 'web',
        service: 'gcp.managed-instance-group',
        name: 'web',
        group: 'sn-0',
        properties: { healthPath: '/healthz' },
      },
    ],
    connections: [
      { from: 'alb', to: 'web', type: 'traffic', port: 80 },
      { from: 'nlb', to: 'web', type: 'traffic', port: 8443 },
    ],
  }),
  environments: [{ name: 'dev' }, { name: 'prod', overrides: { web: { healthPath: '/live' } } }],
};

const readmeOf = (files: readonly { path: string; content: string }[]) =>
  files.find((f) => f.path === 'README.md')?.content ?? '';

describe('gcp: an instance group runs the startup script given at apply, not a bare image', () => {
  const hcl = mainTf(design);

  it("boots its VMs with the script in the required variable, in the template's metadata", () => {
    const template = resourceBlock(hcl, 'google_compute_instance_template', 'web');
    expect(template).toMatch(/\n\s+startup-script\s+= var\.web_startup_script\n/);
    const variable = /variable "web_startup_script" \{[\s\S]*?\n\}/.exec(hcl)?.[0] ?? '';
    expect(variable).toContain('type        = string');
    // No default: a plan without a script stops instead of booting VMs that serve nothing.
    expect(variable).not.toContain('default');
    expect(variable).toContain('condition     = can(regex("\\\\S", var.web_startup_script))');
  });

  it('says what the script must serve: what autohealing and each load balancer probe', () => {
    const description =
      /variable "web_startup_script" \{\n[^\n]*\n\s+description = "([^\n]*)"/.exec(hcl)?.[1];
    expect(description).toContain(
      'HTTP GET /healthz or /live on port 80 with 200 within 300 s of boot (autohealing',
    );
    expect(description).toContain('HTTP GET /ready on port 80 with 200 (load balancer www)');
    expect(description).toContain('TCP connections on port 8443 (load balancer tcp)');
    const group = resourceBlock(hcl, 'google_compute_region_instance_group_manager', 'web');
    expect(group).toContain('initial_delay_sec = 300');
  });

  it('has the README say how to give the script, and what it must answer', () => {
    const readme = readmeOf(terraformFiles(design));
    expect(readme).toContain('## Startup scripts of instance groups');
    expect(readme).toContain(
      '- `web` (`TF_VAR_web_startup_script`): HTTP GET /healthz or /live on port 80',
    );
    expect(readme).toContain('export TF_VAR_web_startup_script="$(cat startup.sh)"');
    expect(readme).toContain('export TF_VAR_web_startup_script=…');
  });

  it('passes the schema check, in one file and in modules', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
    expect(await checkOutput(terraformFiles(design, 'modules'))).toEqual([]);
  });
});

/** Two VMs behind an Application and a Network Load Balancer; a bastion reached through IAP. */
const vms = smallDesign({
  cloud: 'gcp',
  components: [
    {
      id: 'alb',
      service: 'gcp.http-load-balancer',
      name: 'www',
      properties: { healthPath: '/up' },
    },
    { id: 'nlb', service: 'gcp.network-load-balancer', name: 'tcp', group: 'sn-0' },
    { id: 'iap', service: 'gcp.iap-tunnel', name: 'ops' },
    { id: 'app', service: 'gcp.compute-instance', name: 'app', group: 'sn-0' },
    { id: 'mq', service: 'gcp.compute-instance', name: 'mq', group: 'sn-0' },
    { id: 'bastion', service: 'gcp.compute-instance', name: 'bastion', group: 'sn-0' },
  ],
  connections: [
    { from: 'alb', to: 'app', type: 'traffic', port: 8080 },
    { from: 'nlb', to: 'mq', type: 'traffic', port: 5672 },
    { from: 'iap', to: 'bastion', type: 'traffic', port: 22 },
  ],
});

describe('gcp: a VM behind a load balancer runs the startup script given at apply', () => {
  const hcl = mainTf(vms);
  const variable = (vm: string) =>
    new RegExp(`variable "${vm}_startup_script" \\{[\\s\\S]*?\\n\\}`).exec(hcl)?.[0] ?? '';

  it('boots each load-balanced VM with the script in its required variable', () => {
    for (const vm of ['app', 'mq']) {
      expect(resourceBlock(hcl, 'google_compute_instance', vm)).toMatch(
        new RegExp(`\\n\\s+startup-script\\s+= var\\.${vm}_startup_script\\n`),
      );
      expect(variable(vm)).not.toContain('default');
      expect(variable(vm)).toContain(`can(regex("\\\\S", var.${vm}_startup_script))`);
    }
  });

  it("says what the script must answer: each load balancer's probe, no autohealing", () => {
    expect(variable('app')).toContain(
      'must answer HTTP GET /up on port 8080 with 200 (load balancer www).',
    );
    expect(variable('mq')).toContain(
      'must answer TCP connections on port 5672 (load balancer tcp).',
    );
    expect(variable('app')).not.toContain('autohealing');
  });

  it('leaves a VM no load balancer sends traffic to on its stock image, with no variable', () => {
    expect(resourceBlock(hcl, 'google_compute_instance', 'bastion')).not.toContain(
      'startup-script',
    );
    expect(hcl).not.toContain('bastion_startup_script');
  });

  it('has the README list the load-balanced VMs and how to give their scripts', () => {
    const readme = readmeOf(terraformFiles(vms));
    expect(readme).toContain('## Startup scripts of load-balanced VMs');
    expect(readme).toContain(
      '- `app` (`TF_VAR_app_startup_script`): HTTP GET /up on port 8080 with 200 (load balancer www).',
    );
    expect(readme).toContain('- `mq` (`TF_VAR_mq_startup_script`): TCP connections on port 5672');
    expect(readme).not.toContain('TF_VAR_bastion_startup_script');
    expect(readme).not.toContain('## Startup scripts of instance groups');
  });

  it('passes the schema check, in one file and in modules', async () => {
    expect(await checkOutput(terraformFiles(vms))).toEqual([]);
    expect(await checkOutput(terraformFiles(vms, 'modules'))).toEqual([]);
  });
});
