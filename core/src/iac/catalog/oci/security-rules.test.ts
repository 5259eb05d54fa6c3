import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { nsgIngressBodies, nsgOf } from '../../testing/oci-nsg';
import {
  mainTf,
  ociTiers,
  resourceBlock,
  smallDesign,
  terraformFiles,
} from '../../testing/small-design';

/**
 * The VCN's base security list opens no port: a packet passes when any security list or NSG rule
 * allows it, so each component admits, in an NSG of its own, only the components connected to it,
 * and what worked through the base list (load balancers to their targets, workloads to their
 * stores, SSH through a bastion, OKE's own traffic) still does.
 */
const design = smallDesign({
  cloud: 'oci',
  groups: ociTiers(['edge', 'app', 'data']),
  components: [
    { id: 'lb', service: 'oci.load-balancer', name: 'lb', group: 'edge' },
    { id: 'web', service: 'oci.instance-pool', name: 'web', group: 'app' },
    { id: 'ops', service: 'oci.compute-instance', name: 'ops', group: 'app' },
    { id: 'jump', service: 'oci.bastion', name: 'jump', group: 'app' },
    { id: 'k8s', service: 'oci.oke', name: 'apps', group: 'app' },
    { id: 'proxy', service: 'oci.container-instance', name: 'proxy', group: 'app' },
    { id: 'orders', service: 'oci.postgresql', name: 'orders', group: 'data' },
    { id: 'ledger', service: 'oci.mysql-heatwave', name: 'ledger', group: 'data' },
    { id: 'files', service: 'oci.file-storage', name: 'files', group: 'data' },
    { id: 'sessions', service: 'oci.cache', name: 'sessions', group: 'data' },
    { id: 'search', service: 'oci.opensearch', name: 'search', group: 'data' },
    { id: 'idle', service: 'oci.postgresql', name: 'idle', group: 'data' },
  ],
  connections: [
    { from: 'lb', to: 'web', type: 'traffic', port: 8080 },
    { from: 'jump', to: 'ops', type: 'traffic' },
    { from: 'proxy', to: 'k8s', type: 'traffic', port: 443 },
    { from: 'web', to: 'orders', type: 'data' },
    { from: 'k8s', to: 'ledger', type: 'data' },
    { from: 'k8s', to: 'files', type: 'data' },
    { from: 'web', to: 'sessions', type: 'data' },
    { from: 'web', to: 'search', type: 'data' },
  ],
});
const hcl = mainTf(design);

/** `source port-range (protocol)` of each ingress rule of the node's own NSG. */
function ingressOf(node: string): string[] {
  return nsgIngressBodies(hcl, node).map((body) => {
    const source = /\n\s+source\s+= (.+)/.exec(body)![1];
    const protocol = /\n\s+protocol\s+= "(\w+)"/.exec(body)![1];
    const [min, max] = [/min = (\d+)/.exec(body)?.[1], /max = (\d+)/.exec(body)?.[1]];
    const range = min === undefined ? 'all' : min === max ? min : `${min}-${max}`;
    return `${source} ${range} (${protocol})`;
  });
}

describe('oci: the base security list of a VCN', () => {
  it('admits only path-MTU and unreachable ICMP, and lets everything out', () => {
    const base = resourceBlock(hcl, 'oci_core_security_list', 'net_base');
    const ingress = [...base.matchAll(/ingress_security_rules \{([\s\S]*?)\n {2}\}/g)].map((m) =>
      m[1]!.replace(/\s+/g, ' ').trim(),
    );
    expect(ingress).toEqual([
      'protocol = "1" source = "0.0.0.0/0" source_type = "CIDR_BLOCK" icmp_options { type = 3 code = 4 }',
      'protocol = "1" source = "10.20.0.0/16" source_type = "CIDR_BLOCK" icmp_options { type = 3 }',
    ]);
    expect(base).toMatch(
      /egress_security_rules \{\n\s+protocol\s+= "all"\n\s+destination\s+= "0.0.0.0\/0"/,
    );
  });

  it('leaves the policy rules nothing to report', () => {
    const r = generate(design, { format: 'terraform', layout: 'single' });
    expect(
      r.ok &&
        r.policy.filter((f) =>
          ['oci-security-list-no-vcn-wide-ingress', 'oci-nsg-no-vcn-wide-ingress'].includes(f.rule),
        ),
    ).toEqual([]);
  });
});

describe('oci: what each component admits', () => {
  it('a store admits its clients, by their NSG, on its ports only', () => {
    expect(ingressOf('orders')).toEqual([`${nsgOf('web')} 5432 (6)`]);
    expect(ingressOf('ledger')).toEqual([`${nsgOf('k8s')} 3306 (6)`, `${nsgOf('k8s')} 33060 (6)`]);
    expect(ingressOf('sessions')).toEqual([`${nsgOf('web')} 6379 (6)`]);
    // NFSv3: rpcbind, mountd, nfs and nlm over TCP, rpcbind and mountd over UDP.
    expect(ingressOf('files')).toEqual([
      `${nsgOf('k8s')} 111 (6)`,
      `${nsgOf('k8s')} 2048-2050 (6)`,
      `${nsgOf('k8s')} 111 (17)`,
      `${nsgOf('k8s')} 2048 (17)`,
    ]);
    expect(resourceBlock(hcl, 'oci_psql_db_system', 'orders')).toContain(
      `nsg_ids   = [${nsgOf('orders')}]`,
    );
  });

  it('a store no client is drawn to admits nobody: the VCN as a whole is not its client', () => {
    expect(ingressOf('idle')).toEqual([]);
    expect(hcl).not.toContain('resource "oci_core_network_security_group" "idle_nsg"');
  });

  it('a store with an attached NSG and no client drawn is left to that NSG', () => {
    const code = mainTf(
      smallDesign({
        cloud: 'oci',
        components: [
          { id: 'db', service: 'oci.postgresql', name: 'db', group: 'sn-1' },
          { id: 'guard', service: 'oci.network-security-group', name: 'guard', group: 'net' },
        ],
        connections: [{ from: 'db', to: 'guard', type: 'placement' }],
      }),
    );
    expect(code).not.toContain('resource "oci_core_network_security_group" "db_nsg"');
    expect(resourceBlock(code, 'oci_psql_db_system', 'db')).toContain(
      'nsg_ids   = [oci_core_network_security_group.guard.id]',
    );
  });

  it('names its own NSG apart from an NSG component named after it, as designs do', () => {
    const code = mainTf(
      smallDesign({
        cloud: 'oci',
        components: [
          { id: 'web', service: 'oci.compute-instance', name: 'web', group: 'sn-0' },
          { id: 'web-nsg', service: 'oci.network-security-group', name: 'web', group: 'net' },
        ],
        connections: [{ from: 'web', to: 'web-nsg', type: 'placement' }],
      }),
    );
    expect(resourceBlock(code, 'oci_core_instance', 'web')).toContain(
      'nsg_ids          = [oci_core_network_security_group.web_nsg_2.id, oci_core_network_security_group.web_nsg.id]',
    );
  });

  it('an instance pool admits its load balancer on the connection port', () => {
    expect(ingressOf('web')).toEqual([`${nsgOf('lb')} 8080 (6)`]);
    expect(resourceBlock(hcl, 'oci_core_instance_configuration', 'web')).toContain(
      `nsg_ids          = [${nsgOf('web')}]`,
    );
  });

  it('an instance admits SSH from the private endpoint of the bastion connected to it', () => {
    expect(ingressOf('ops')).toEqual([
      '"${oci_bastion_bastion.jump.private_endpoint_ip_address}/32" 22 (6)',
    ]);
  });

  it('an OKE cluster carries its NSG on the API endpoint and the nodes', () => {
    expect(ingressOf('k8s')).toEqual([
      `${nsgOf('k8s')} all (all)`,
      '"10.20.0.0/16" 30000-32767 (6)',
      '"10.20.0.0/16" 10256 (6)',
      `${nsgOf('proxy')} 443 (6)`,
    ]);
    const cluster = resourceBlock(hcl, 'oci_containerengine_cluster', 'k8s');
    expect(cluster).toMatch(
      new RegExp(
        `endpoint_config \\{[^}]*nsg_ids\\s+= \\[${nsgOf('k8s').replace(/\./g, '\\.')}\\]`,
      ),
    );
    const pool = resourceBlock(hcl, 'oci_containerengine_node_pool', 'k8s');
    expect(pool).toMatch(
      new RegExp(
        `node_config_details \\{[^}]*nsg_ids\\s+= \\[${nsgOf('k8s').replace(/\./g, '\\.')}\\]`,
      ),
    );
  });

  it('OpenSearch, which takes no NSG, opens its ports to the VCN through a list its subnet uses', () => {
    const list = resourceBlock(hcl, 'oci_core_security_list', 'search');
    const entries = [...list.matchAll(/ingress_security_rules \{([\s\S]*?)\n {2}\}/g)].map((m) =>
      m[1]!.replace(/\s+/g, ' ').trim(),
    );
    expect(entries).toEqual([
      'protocol = "6" source = "10.20.0.0/16" source_type = "CIDR_BLOCK" tcp_options { min = 9200 max = 9200 }',
      'protocol = "6" source = "10.20.0.0/16" source_type = "CIDR_BLOCK" tcp_options { min = 5601 max = 5601 }',
    ]);
    expect(resourceBlock(hcl, 'oci_core_subnet', 'data')).toContain(
      'security_list_ids          = [oci_core_security_list.net_base.id, oci_core_security_list.search.id]',
    );
    expect(resourceBlock(hcl, 'oci_core_subnet', 'app')).toContain(
      'security_list_ids          = [oci_core_security_list.net_base.id]\n',
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
