import type { TDesignIssue } from '../parse';
import { isPublic, networkView } from './reachability-graph';
import type { TDesignRule } from './rule';

/** Gateways whose route table the builders associate with public, resp. private, subnets. */
const ROUTED: Readonly<Record<string, { readonly publicSubnets: boolean }>> = {
  'aws.internet-gateway': { publicSubnets: true },
  'oci.internet-gateway': { publicSubnets: true },
  'aws.nat-gateway': { publicSubnets: false },
  'oci.nat-gateway': { publicSubnets: false },
};

/**
 * A gateway whose route table no subnet uses carries no traffic: AWS and OCI route tables are
 * associated with the network's public (internet gateway) or private (NAT) subnets.
 */
export const reachabilityGateways: TDesignRule = {
  id: 'reachability-gateways',
  source:
    'Amazon VPC User Guide, "Configure route tables" (a subnet uses the route table it is associated with); OCI documentation, "VCN Route Tables"',
  check: (context) => {
    const view = networkView(context);
    const issues: TDesignIssue[] = [];
    for (const c of context.design.components) {
      const routed = ROUTED[view.service(c.id)?.id ?? ''];
      const network = view.networkOf(c);
      if (!routed || !network) continue;
      const served = view.subnetsIn(network.id).filter((s) => isPublic(s) === routed.publicSubnets);
      if (served.length > 0) continue;
      const kind = routed.publicSubnets ? 'public' : 'private';
      issues.push({
        path: view.pathOf(c),
        message: `${view.label(c)} has a route table associated with no subnet: add a ${kind} subnet to network “${network.name}”${routed.publicSubnets ? ' (or mark one public)' : ''}, or remove it`,
        severity: 'warning',
      });
    }
    return issues;
  },
};
