import { overlaps, parseCidr, type TCidr } from '../../design/cidr';
import { valuesAcrossEnvironments } from '../environment-values';
import type { TTfBuildContext } from '../service';
import { block, type TTfBody } from '../../ir/terraform-ir';

/**
 * The pod and service ranges of an OKE cluster (flannel overlay). OKE takes 10.244.0.0/16 for
 * pods and 10.96.0.0/16 for services when none is given (KubernetesNetworkConfig, Container
 * Engine API); neither may overlap the VCN, and a range that overlaps the on-premises network of
 * a site-to-site VPN of the VCN captures the pods' packets to it. Where a default collides with
 * the VCN or such a network in any environment, the cluster takes the first private range clear
 * of them (and of each other); elsewhere nothing is written, so existing clusters keep theirs
 * (the ranges are set only when a cluster is created).
 */
const PODS = ['10.244.0.0/16', '172.16.0.0/16', '192.168.0.0/16', '10.255.0.0/16'];
const SERVICES = ['10.96.0.0/16', '172.17.0.0/16', '192.168.0.0/16', '10.254.0.0/16'];

export function okeNetworkOptions(ctx: TTfBuildContext): TTfBody {
  const network = ctx.network();
  if (!network || network.properties['cidr'] === undefined) return {};
  const vpns = ctx
    .children(network)
    .filter((n) => n.service.kind === 'vpn-gateway' && n.properties['onPremCidr'] !== undefined);
  const taken: TCidr[] = [
    ...valuesAcrossEnvironments(network, 'cidr', ctx.environments),
    ...vpns.flatMap((n) => valuesAcrossEnvironments(n, 'onPremCidr', ctx.environments)),
  ].flatMap((text) => parseCidr(text) ?? []);
  const clearOf = (used: readonly TCidr[]) => (text: string) =>
    used.every((u) => !overlaps(u, parseCidr(text)!));
  const pods = PODS.find(clearOf(taken));
  const services = pods && SERVICES.find(clearOf([...taken, parseCidr(pods)!]));
  if (!pods || !services || (pods === PODS[0] && services === SERVICES[0])) return {};
  return {
    options: block({
      kubernetes_network_config: block({ pods_cidr: pods, services_cidr: services }),
    }),
  };
}
