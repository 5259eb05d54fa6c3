import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/** A VM saved with the SSH user it once had, an instance group, and an IAP tunnel to both. */
const design = smallDesign({
  cloud: 'gcp',
  components: [
    { id: 'app', service: 'gcp.compute-instance', name: 'app', group: 'sn-0' },
    {
      id: 'ops',
      service: 'gcp.compute-instance',
      name: 'ops',
      group: 'sn-1',
      properties: { adminUser: 'olduser' },
    },
    { id: 'web', service: 'gcp.managed-instance-group', name: 'web', group: 'sn-0' },
    { id: 'iap', service: 'gcp.iap-tunnel', name: 'ssh', group: 'net' },
  ],
  connections: ['app', 'ops', 'web'].map((to) => ({ from: 'iap', to, type: 'traffic', port: 22 })),
});

const VMS = [
  ['google_compute_instance', 'app'],
  ['google_compute_instance', 'ops'],
  ['google_compute_instance_template', 'web'],
] as const;

describe('gcp: people sign in to VMs with OS Login, as themselves', () => {
  const hcl = mainTf(design);

  it('turns OS Login on and keeps no SSH key in any metadata, the project-wide ones blocked', () => {
    for (const [type, name] of VMS) {
      const vm = resourceBlock(hcl, type, name);
      expect(vm).toContain('enable-oslogin         = "TRUE"');
      expect(vm).toContain('block-project-ssh-keys = "TRUE"');
      expect(vm).not.toMatch(/^\s+"?(ssh-keys|sshKeys)"?\s*=/m);
    }
    expect(hcl).not.toContain('ssh_public_key');
  });

  it('grants OS Login with sudo on the VM itself to the members given ([] for nobody)', () => {
    expect(hcl).toContain(
      [
        'variable "app_os_login_admins" {',
        '  type        = list(string)',
        '  description = "Who may sign in to app over SSH with OS Login, with sudo (\\"user:…\\", \\"group:…\\"; [] for nobody)."',
        '}',
      ].join('\n'),
    );
    expect(resourceBlock(hcl, 'google_compute_instance_iam_member', 'app_os_login')).toBe(
      [
        'resource "google_compute_instance_iam_member" "app_os_login" {',
        '  for_each      = toset(var.app_os_login_admins)',
        '  instance_name = google_compute_instance.app.name',
        '  zone          = google_compute_instance.app.zone',
        '  role          = "roles/compute.osAdminLogin"',
        '  member        = each.value',
        '}',
      ].join('\n'),
    );
  });

  it("lets them act as the VM's service account, as OS Login requires of a VM that runs as one", () => {
    for (const vm of ['app', 'web']) {
      const grant = resourceBlock(hcl, 'google_service_account_iam_member', `${vm}_os_login`);
      expect(grant).toContain(`for_each           = toset(var.${vm}_os_login_admins)`);
      expect(grant).toContain(`service_account_id = google_service_account.${vm}.name`);
      expect(grant).toContain('role               = "roles/iam.serviceAccountUser"');
    }
  });

  it("grants an instance group's members on the project: its VMs have no IAM policy of their own", () => {
    const grant = resourceBlock(hcl, 'google_project_iam_member', 'web_os_login');
    expect(grant).toContain('role     = "roles/compute.osAdminLogin"');
    expect(hcl).toMatch(/variable "web_os_login_admins" \{[^}]*every VM in it/);
  });

  it('still validates a design saved with an SSH user, which no longer writes anything', () => {
    const r = generate(design, { format: 'terraform', layout: 'single' });
    expect(r.ok ? [] : r.issues).toEqual([]);
    expect(hcl).not.toContain('olduser');
  });

  it('has no finding of gcp-compute-os-login, and passes the schema check', async () => {
    const r = generate(design, { format: 'terraform', layout: 'single' });
    expect(r.ok && r.policy.filter((f) => f.rule === 'gcp-compute-os-login')).toEqual([]);
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
