import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * On-premises traffic a site-to-site VPN routes into the VCN is admitted where the VPN is
 * connected, on that component's ports, and nowhere else: the route alone admits nothing.
 */
const design = (connections: Record<string, unknown>[]) =>
  smallDesign({
    cloud: 'oci',
    components: [
      { id: 'nat', service: 'oci.nat-gateway', name: 'main', group: 'net' },
      {
        id: 'office',
        service: 'oci.site-to-site-vpn',
        name: 'office',
        group: 'net',
        properties: { onPremCidr: '172.16.0.0/12' },
      },
      { id: 'k8s', service: 'oci.oke', name: 'apps', group: 'sn-0' },
      { id: 'ledger', service: 'oci.mysql-heatwave', name: 'ledger', group: 'sn-1' },
      { id: 'reports', service: 'oci.autonomous-data-warehouse', name: 'reports', group: 'sn-1' },
      { id: 'search', service: 'oci.opensearch', name: 'search', group: 'sn-1' },
      { id: 'orders', service: 'oci.postgresql', name: 'orders', group: 'sn-1' },
    ],
    connections,
  });

const ON_PREMISES = 'oci_core_ipsec.office.static_routes[0]';

/** Rules of any NSG whose source is on-premises: `<rule> <min>-<max>`. */
function fromOnPremises(hcl: string): string[] {
  return [
    ...hcl.matchAll(
      /resource "oci_core_network_security_group_security_rule" "(\w+)" \{\n([\s\S]*?)\n\}\n/g,
    ),
  ]
    .filter(([, , body]) => body!.includes(`source                    = ${ON_PREMISES}\n`))
    .map(
      ([, name, body]) =>
        `${name} ${/min = (\d+)/.exec(body!)![1]}-${/max = (\d+)/.exec(body!)![1]}`,
    );
}

describe('oci: traffic from on-premises through a site-to-site VPN', () => {
  const connected = design([
    { from: 'office', to: 'k8s', type: 'traffic' },
    { from: 'office', to: 'ledger', type: 'data' },
    { from: 'office', to: 'reports', type: 'traffic' },
    { from: 'office', to: 'search', type: 'traffic', port: 9200 },
  ]);
  const hcl = mainTf(connected);

  it('is admitted by the components the VPN is connected to, on their ports', () => {
    expect(fromOnPremises(hcl)).toEqual([
      'k8s_from_office_6443 6443-6443',
      'ledger_from_office_3306 3306-3306',
      'ledger_from_office_33060 33060-33060',
      'reports_from_office_1522 1522-1522',
    ]);
    // OpenSearch takes no NSG: its security list admits the port connected.
    const list = resourceBlock(hcl, 'oci_core_security_list', 'search');
    expect(list).toMatch(
      new RegExp(
        `protocol\\s+= "6"\\n\\s+source\\s+= ${ON_PREMISES.replace(/[.[\]]/g, '\\$&')}\\n\\s+source_type\\s+= "CIDR_BLOCK"\\n\\n\\s+tcp_options \\{\\n\\s+min = 9200\\n\\s+max = 9200`,
      ),
    );
  });

  it('is admitted nowhere the VPN is not connected to', () => {
    expect(hcl).not.toMatch(
      /resource "oci_core_network_security_group_security_rule" "orders_from_office/,
    );
    expect(fromOnPremises(mainTf(design([])))).toEqual([]);
    expect(mainTf(design([]))).not.toContain(ON_PREMISES);
  });

  it('still routes on-premises to the DRG', () => {
    expect(hcl).toMatch(
      /route_rules \{\n\s+network_entity_id = oci_core_drg\.office\.id\n\s+destination\s+= "172\.16\.0\.0\/12"/,
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(connected))).toEqual([]);
  });
});
