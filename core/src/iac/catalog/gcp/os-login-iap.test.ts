import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/** A VM and an instance group with no IAP tunnel component; a second VM a tunnel reaches on 22. */
const design = smallDesign({
  cloud: 'gcp',
  components: [
    { id: 'app', service: 'gcp.compute-instance', name: 'app', group: 'sn-0' },
    { id: 'web', service: 'gcp.managed-instance-group', name: 'web', group: 'sn-0' },
    { id: 'ops', service: 'gcp.compute-instance', name: 'ops', group: 'sn-1' },
    { id: 'iap', service: 'gcp.iap-tunnel', name: 'ssh', group: 'net' },
  ],
  connections: [{ from: 'iap', to: 'ops', type: 'traffic', port: 22 }],
});

/** The same VM, which an IAP tunnel reaches only on another port. */
const rdpOnly = smallDesign({
  cloud: 'gcp',
  components: [
    { id: 'app', service: 'gcp.compute-instance', name: 'app', group: 'sn-0' },
    { id: 'iap', service: 'gcp.iap-tunnel', name: 'ssh', group: 'net' },
  ],
  connections: [{ from: 'iap', to: 'app', type: 'traffic', port: 3389 }],
});

const IAP_RANGE = '["35.235.240.0/20"]';

describe('gcp: the OS Login admins of a VM with no external IP can reach it through IAP', () => {
  const hcl = mainTf(design);

  it('writes no external IP on any VM, so IAP is the only way in', () => {
    expect(resourceBlock(hcl, 'google_compute_instance', 'app')).not.toContain('access_config');
    expect(resourceBlock(hcl, 'google_compute_instance_template', 'web')).not.toContain(
      'access_config',
    );
  });

  it('lets the same members open an IAP tunnel to the VM itself', () => {
    expect(resourceBlock(hcl, 'google_iap_tunnel_instance_iam_member', 'app_os_login')).toBe(
      [
        'resource "google_iap_tunnel_instance_iam_member" "app_os_login" {',
        '  for_each = toset(var.app_os_login_admins)',
        '  instance = google_compute_instance.app.name',
        '  zone     = google_compute_instance.app.zone',
        '  role     = "roles/iap.tunnelResourceAccessor"',
        '  member   = each.value',
        '}',
      ].join('\n'),
    );
  });

  it("grants an instance group's members tunnels on the project, as its OS Login role is", () => {
    const grant = resourceBlock(hcl, 'google_iap_tunnel_iam_member', 'web_os_login');
    expect(grant).toContain('for_each = toset(var.web_os_login_admins)');
    expect(grant).toContain('role     = "roles/iap.tunnelResourceAccessor"');
  });

  it("admits IAP's range on port 22 to the VM's service account", () => {
    for (const vm of ['app', 'web']) {
      const rule = resourceBlock(hcl, 'google_compute_firewall', `${vm}_iap_ssh`);
      expect(rule).toContain(`source_ranges           = ${IAP_RANGE}`);
      expect(rule).toContain(`target_service_accounts = [google_service_account.${vm}.email]`);
      expect(rule).toMatch(/allow \{\s+protocol = "tcp"\s+ports\s+= \["22"\]/);
    }
  });

  it('writes no second rule where an IAP tunnel component already admits SSH to the VM', () => {
    expect(hcl).not.toContain('resource "google_compute_firewall" "ops_iap_ssh"');
    expect(resourceBlock(hcl, 'google_compute_firewall', 'iap')).toContain(
      'target_service_accounts = [google_service_account.ops.email]',
    );
    // app's, web's and the tunnel component's: none for ops.
    expect(hcl.split(IAP_RANGE).length - 1).toBe(3);
    expect(resourceBlock(hcl, 'google_iap_tunnel_instance_iam_member', 'ops_os_login')).toContain(
      'roles/iap.tunnelResourceAccessor',
    );
  });

  it('still admits SSH when the tunnel component forwards only another port', () => {
    const rule = resourceBlock(mainTf(rdpOnly), 'google_compute_firewall', 'app_iap_ssh');
    expect(rule).toMatch(/ports\s+= \["22"\]/);
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
    expect(await checkOutput(terraformFiles(rdpOnly))).toEqual([]);
  });
});
