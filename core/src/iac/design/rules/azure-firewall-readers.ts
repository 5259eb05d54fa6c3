import type { TDesignIssue } from '../parse';
import type { TComponent } from '../schema-v2';
import { networkView, type TNetworkView } from './reachability-graph';
import type { TDesignRule } from './rule';

/** Workloads that run outside any network unless placed in a subnet (VNet integration). */
const WORKLOAD_KINDS = new Set(['function', 'serverless-container', 'web-app']);

/** Stores behind a deny-by-default firewall that admits subnets, not apps (catalog/azure/firewall.ts). */
const FIREWALLED = new Set(['azure.key-vault', 'azure.key-vault-secret', 'azure.file-share']);

/** Why a store refuses a reader outside every network, or undefined if it does not. */
function refusal(view: TNetworkView, store: TComponent): string | undefined {
  const service = view.service(store.id);
  if (!service) return undefined;
  if (FIREWALLED.has(service.id)) {
    const owner = service.id === 'azure.file-share' ? 'storage account' : 'Key Vault';
    return `its ${owner} admits only the subnets of its readers, trusted Azure services and the addresses it lists`;
  }
  // A private endpoint turns the store's public network access off (catalog/azure/shared.ts).
  const endpoint = view
    .incoming(store.id)
    .map((c) => view.component(c.from))
    .find((c) => c && view.service(c.id)?.id === 'azure.private-endpoint');
  return endpoint
    ? `its public network access is off, as private endpoint ${view.label(endpoint)} exposes it`
    : undefined;
}

/**
 * A Key Vault (and so each of its secrets) and a file share's storage account deny by default and
 * admit the subnets of their readers, trusted Azure services and the listed addresses; a store a
 * private endpoint exposes has public network access off. An App Service app, function app or
 * container app outside every network calls from shared outbound addresses that are none of
 * these (App Service is not a trusted service for reading secrets, and its outbound addresses
 * change), so each read is refused with 403 although the role and the settings are there.
 * Microsoft's answer is VNet integration with the subnet admitted.
 */
export const azureFirewallReaders: TDesignRule = {
  id: 'azure-firewall-readers',
  source:
    'Microsoft Learn, "Use Key Vault references as app settings in Azure App Service and Azure Functions" (network-restricted vaults); "Configure Azure Key Vault networking settings"; "Configure Azure Storage firewalls and virtual networks"; "What is a private endpoint?"',
  check: (context) => {
    const view = networkView(context);
    const issues: TDesignIssue[] = [];
    context.design.connections.forEach((c, i) => {
      if (c.type !== 'data') return;
      const [from, to] = [view.component(c.from), view.component(c.to)];
      const source = view.service(c.from);
      if (!from || !to || !source || source.cloud !== 'azure') return;
      if (!WORKLOAD_KINDS.has(source.kind)) return;
      if (view.networkOf(from) || view.subnetsOf(from).length > 0) return;
      const why = refusal(view, to);
      if (!why) return;
      const fix =
        source.placement === 'none'
          ? `a ${source.name} is not placed in a network here: read it from a workload in a subnet instead`
          : 'place it in a subnet of a virtual network (VNet integration)';
      issues.push({
        path: `connections[${i}]`,
        message: `${view.label(from)} is in no network and cannot read ${view.label(to)}: ${why}, so every request is refused: ${fix}`,
        severity: 'warning',
      });
    });
    return issues;
  },
};
