import type { TTfBuildContext } from '../service';
import { block, ref, type TTfValue } from '../../ir/terraform-ir';
import { nsgIds, vcnCidr } from './shared';
import { admitClients, ownNsgResource, tcp, type TOciPorts } from './client-rules';

/**
 * The NSG of an OKE cluster, on its Kubernetes API endpoint and its worker nodes (one subnet),
 * with the rules "Network Resource Configuration for Cluster Creation and Deployment" (OKE docs,
 * flannel overlay) asks for: the endpoint and the nodes reach each other on every protocol
 * (6443 and 12250 to the endpoint, the kubelet and pod overlay between nodes), load balancers of
 * Kubernetes services (in subnets Kubernetes chooses) reach the node ports and kube-proxy's health
 * check from the VCN, and only the components with a traffic connection reach the API (6443) or
 * the port of their connection.
 */
const API_PORT = 6443;
const VCN_PORTS: Readonly<Record<string, TOciPorts>> = {
  node_ports: tcp(30000, 32767),
  kube_proxy: tcp(10256),
};

export function okeNsgIds(ctx: TTfBuildContext): TTfValue[] {
  const local = ctx.node.local;
  const nsg = ownNsgResource(ctx);
  ctx.resource('oci_core_network_security_group_security_rule', `${local}_in_cluster`, {
    network_security_group_id: ref(nsg, 'id'),
    direction: 'INGRESS',
    protocol: 'all',
    source: ref(nsg, 'id'),
    source_type: 'NETWORK_SECURITY_GROUP',
  });
  // Named by purpose: a name ending in a port would read as a connection's (the importer's).
  for (const [name, p] of Object.entries(VCN_PORTS)) {
    ctx.resource('oci_core_network_security_group_security_rule', `${local}_in_${name}`, {
      network_security_group_id: ref(nsg, 'id'),
      direction: 'INGRESS',
      protocol: '6',
      source: vcnCidr(ctx),
      source_type: 'CIDR_BLOCK',
      tcp_options: block({ destination_port_range: block({ min: p.min, max: p.max }) }),
    });
  }
  admitClients(ctx, nsg, [tcp(API_PORT)], ['traffic']);
  return [ref(nsg, 'id'), ...nsgIds(ctx)];
}
