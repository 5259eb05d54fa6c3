import type { TDesignIssue } from '../parse';
import { isPublic, networkView } from './reachability-graph';
import type { TDesignRule } from './rule';

/** Workloads that run outside any network unless placed in a subnet. */
const WORKLOAD_KINDS = new Set(['function', 'serverless-container', 'web-app']);

/** Stores in a subnet that answer only on private addresses (no public endpoint is emitted). */
const PRIVATE_KINDS = new Set([
  'postgresql',
  'mysql',
  'sqlserver',
  'cache',
  'kafka',
  'search',
  'data-warehouse',
  'document-db',
  'message-broker',
  'file-storage',
]);

/** Servers with only private addresses where the builders emit them so (GCP: no external IPs). */
const SERVER_KINDS = new Set(['vm', 'autoscaling-group', 'kubernetes']);

/** How each cloud's serverless workloads join a network, for the message. */
const JOIN: Readonly<Record<string, string>> = {
  aws: 'place it in a subnet of network “{net}” (VPC access)',
  azure: 'place it in a subnet of network “{net}” (VNet integration)',
  gcp: 'place it in a subnet of network “{net}” (Direct VPC egress)',
  oci: 'place it in a subnet of network “{net}”',
};

/**
 * A serverless workload outside every network reads a store, or calls a server, that has only a
 * private address: the connection is drawn, the code applies, and every request times out. The
 * workload has to join that network, or, where the service cannot, another one has to do it.
 */
export const reachabilityPrivateData: TDesignRule = {
  id: 'reachability-private-data',
  source:
    'AWS Lambda Developer Guide, "Giving Lambda functions access to resources in an Amazon VPC"; Azure App Service, "Integrate your app with an Azure virtual network"; Cloud Run, "Direct VPC egress with a VPC network"',
  check: (context) => {
    const view = networkView(context);
    const { design } = context;
    const issues: TDesignIssue[] = [];
    design.connections.forEach((c, i) => {
      if (c.type === 'placement') return;
      const [from, to] = [view.component(c.from), view.component(c.to)];
      const [source, target] = [view.service(c.from), view.service(c.to)];
      if (!from || !to || !source || !target || !WORKLOAD_KINDS.has(source.kind)) return;
      const subnet = view.subnetsOf(to)[0];
      const privateServer =
        SERVER_KINDS.has(target.kind) &&
        (design.provider === 'gcp' ||
          (['aws', 'oci'].includes(design.provider) && subnet !== undefined && !isPublic(subnet)));
      if (!PRIVATE_KINDS.has(target.kind) && !privateServer) return;
      const network = view.networkOf(to);
      if (!network || view.networkOf(from) || view.subnetsOf(from).length > 0) return;
      const where = subnet
        ? `subnet “${subnet.name}” of network “${network.name}”`
        : `network “${network.name}”`;
      const fix =
        source.placement === 'none'
          ? `a ${source.name} is not placed in a network here: ${c.type === 'data' ? 'read' : 'call'} it from a workload in “${network.name}” instead`
          : (JOIN[design.provider] ?? JOIN['oci']!).replace('{net}', network.name);
      issues.push({
        path: `connections[${i}]`,
        message: `${view.label(from)} is in no network and cannot reach ${view.label(to)}, which has only a private address in ${where}: ${fix}`,
        severity: 'warning',
      });
    });
    return issues;
  },
};
