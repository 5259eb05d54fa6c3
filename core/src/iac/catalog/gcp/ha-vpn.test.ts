import { describe, expect, it } from 'vitest';
import { checkOutput, pinnedSchemaSource } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';
import { completeDesign } from '../../design/complete';
import { parseDesign } from '../../design/parse';
import { validateDesign } from '../../design/validate';

/** On-premises traffic through HA VPN reaches what the VPN is connected to, and nothing else. */
const design = (connections: Record<string, unknown>[]) =>
  smallDesign({
    cloud: 'gcp',
    components: [
      {
        id: 'vpn',
        service: 'gcp.ha-vpn',
        name: 'office',
        group: 'net',
        properties: { onPremCidr: '172.16.0.0/16' },
      },
      { id: 'jobs', service: 'gcp.compute-instance', name: 'jobs', group: 'sn-0' },
      { id: 'web', service: 'gcp.managed-instance-group', name: 'web', group: 'sn-1' },
      {
        id: 'ilb',
        service: 'gcp.network-load-balancer',
        name: 'ilb',
        group: 'sn-1',
        properties: { public: false, listenerPort: 8443 },
      },
    ],
    connections: [{ from: 'ilb', to: 'web', type: 'traffic' }, ...connections],
  });

describe('gcp: HA VPN firewall', () => {
  it('admits on-premises into the VMs it is connected to, on the port, not into the network', async () => {
    const d = design([
      { from: 'vpn', to: 'jobs', type: 'traffic', port: 22 },
      { from: 'vpn', to: 'ilb', type: 'traffic' },
    ]);
    const hcl = mainTf(d);
    expect(hcl).not.toMatch(/protocol = "all"/);
    const vm = resourceBlock(hcl, 'google_compute_firewall', 'vpn_to_jobs_22');
    expect(vm).toMatch(/source_ranges\s+= \["172\.16\.0\.0\/16"\]/);
    expect(vm).toMatch(/target_service_accounts = \[google_service_account\.jobs\.email\]/);
    expect(vm).toMatch(/ports\s+= \["22"\]/);
    // An internal passthrough load balancer keeps the client's address: its backends admit it.
    const lb = resourceBlock(hcl, 'google_compute_firewall', 'vpn_to_ilb_8443');
    expect(lb).toMatch(/target_service_accounts = \[google_service_account\.web\.email\]/);
    expect(lb).toMatch(/ports\s+= \["8443"\]/);
    expect(await checkOutput(terraformFiles(d), pinnedSchemaSource())).toEqual([]);
  });

  it('admits nothing when connected to nothing, and the validator asks what on-premises reaches', () => {
    const d = design([]);
    expect(mainTf(d)).not.toMatch(/172\.16\.0\.0\/16/);
    const parsed = parseDesign(d);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const warnings = validateDesign(completeDesign(parsed.design).design)
      .filter((i) => i.severity === 'warning')
      .map((i) => i.message);
    expect(warnings).toContain(
      'on-premises 172.16.0.0/16 is routed to this VPC network through “office”, but no firewall rule admits it: connect “office” to what on-premises reaches (a traffic connection, with its port), and that port of it is opened to 172.16.0.0/16',
    );
  });
});

describe('gcp: HA VPN pre-shared key', () => {
  it('reaches both tunnels write-only, so the state never holds it', async () => {
    const d = design([]);
    const hcl = mainTf(d);
    for (const i of [0, 1]) {
      const tunnel = resourceBlock(hcl, 'google_compute_vpn_tunnel', `vpn_${i}`);
      expect(tunnel).toMatch(/shared_secret_wo\s+= var\.vpn_shared_secret\n/);
      expect(tunnel).toMatch(/shared_secret_wo_version\s+= 1\n/);
      expect(tunnel).not.toMatch(/shared_secret\s+=/);
    }
    // shared_secret_wo is new in google 7 (the pinned schema data; the bundled cdktf 6 lacks it).
    expect(await checkOutput(terraformFiles(d), pinnedSchemaSource())).toEqual([]);
  });
});
