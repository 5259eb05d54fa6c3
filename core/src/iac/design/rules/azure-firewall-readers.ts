import type { TDesignIssue } from '../parse';
import { networkView } from './reachability-graph';
import type { TDesignRule } from './rule';

/** Workloads that run outside any network unless placed in a subnet (VNet integration). */
const WORKLOAD_KINDS = new Set(['function', 'serverless-container', 'web-app']);

/** Stores behind a deny-by-default firewall that admits subnets, not apps (catalog/azure/firewall.ts). */
const FIREWALLED = new Set(['azure.key-vault', 'azure.key-vault-secret', 'azure.file-share']);

/**
 * A Key Vault (and so each of its secrets) and a file share's storage account deny by default and
 * admit the subnets of their readers, trusted Azure services and the listed addresses. An App
 * Service app, function app or container app outside every network calls from shared outbound
 * addresses that are none of these (App Service is not a trusted service for reading secrets,
 * and its outbound addresses change), so each read is refused with 403 although the role and
 * the settings are there. Microsoft's answer is VNet integration with the subnet admitted.
 */
export const azureFirewallReaders: TDesignRule = {
  id: 'azure-firewall-readers',
  source:
    'Microsoft Learn, "Use Key Vault references as app settings in Azure App Service and Azure Functions" (network-restricted vaults); "Configure Azure Key Vault networking settings"; "Configure Azure Storage firewalls and virtual networks"',
  check: (context) => {
    const view = networkView(context);
    const issues: TDesignIssue[] = [];
    context.design.connections.forEach((c, i) => {
      if (c.type !== 'data') return;
      const [from, to] = [view.component(c.from), view.component(c.to)];
      const [source, target] = [view.service(c.from), view.service(c.to)];
      if (!from || !to || !source || !target || source.cloud !== 'azure') return;
      if (!WORKLOAD_KINDS.has(source.kind) || !FIREWALLED.has(target.id)) return;
      if (view.networkOf(from) || view.subnetsOf(from).length > 0) return;
      const store = target.id === 'azure.file-share' ? 'its storage account' : 'its Key Vault';
      issues.push({
        path: `connections[${i}]`,
        message: `${view.label(from)} is in no network and cannot read ${view.label(to)}: ${store} admits only the subnets of its readers, trusted Azure services and the addresses it lists, so every request is refused (403): place it in a subnet of a virtual network (VNet integration)`,
        severity: 'warning',
      });
    });
    return issues;
  },
};
