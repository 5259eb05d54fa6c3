import type { TPropertyDefinition } from '../../types';
import type { TArmBuildContext, TBuildContextBase, TNode, TTfBuildContext } from '../service';
import { aref, type TArmValue } from '../../ir/arm-ir';
import { block, ref, type TTfBlock, type TTfValue } from '../../ir/terraform-ir';

/**
 * Firewalls of Key Vaults and file-share storage accounts (policy rules
 * azure-keyvault-network-deny, azure-storage-no-public-shared-key): deny by default, admit the
 * subnets of the components that read the resource (through a service endpoint on those
 * subnets), trusted Azure services, and the addresses the design lists (the runner that writes
 * secrets with Terraform, an office).
 * https://learn.microsoft.com/azure/virtual-network/virtual-network-service-endpoints-overview
 */
type TCtx = TTfBuildContext | TArmBuildContext;

const SERVICE_ENDPOINTS: Readonly<Record<string, string>> = {
  kms: 'Microsoft.KeyVault',
  // A secret lives in a Key Vault (the one it connects to, or its own): reading it is a call to
  // that vault, whose firewall admits the reader's subnet only through this endpoint.
  secret: 'Microsoft.KeyVault',
  'file-storage': 'Microsoft.Storage',
};

/** The Key Vault a secret lives in: the vault it connects to (else it writes one of its own). */
export const secretVaultOf = (ctx: TBuildContextBase, secret: TNode) =>
  ctx.outgoingOf(secret).find((e) => e.node.service.kind === 'kms')?.node;

/** Service endpoints a subnet needs for the firewalled resources its components read. */
export function serviceEndpointsOf(ctx: TCtx, subnet: TNode): string[] {
  const out = new Set<string>();
  for (const child of ctx.children(subnet)) {
    for (const e of ctx.edgesOf(child, 'out', 'data')) {
      const endpoint = SERVICE_ENDPOINTS[e.node.service.kind];
      if (endpoint) out.add(endpoint);
    }
  }
  return [...out].sort();
}

/**
 * Components that read this node: its own data connections, and for a vault those of the secrets
 * that live in it, as reading a secret is a request to its vault, which the vault's firewall
 * judges (a component connected to the secret alone was refused with 403 ForbiddenByFirewall).
 * https://learn.microsoft.com/azure/key-vault/general/network-security ("Configure Azure Key Vault
 * networking settings")
 */
function readers(ctx: TCtx): TNode[] {
  return ctx.incoming().flatMap((e) => {
    if (e.node.service.kind === 'secret' && secretVaultOf(ctx, e.node)?.id === ctx.node.id) {
      return ctx.incomingOf(e.node, 'data').map((r) => r.node);
    }
    return e.connection.type === 'data' ? [e.node] : [];
  });
}

/** Subnets whose components read this node (their service endpoint admits them). */
function readerSubnets(ctx: TCtx): TNode[] {
  const out: TNode[] = [];
  for (const reader of readers(ctx)) {
    const subnet = ctx.lookup(reader.parent);
    if (subnet?.service.kind === 'subnet' && !out.includes(subnet)) out.push(subnet);
  }
  return out;
}

/** Addresses the design admits: a variable, so each environment's runner can be set. */
function tfAllowedIps(ctx: TTfBuildContext): TTfValue {
  return ctx.variable({
    name: `${ctx.node.local}_allowed_ips`,
    type: 'list(string)',
    description: `Public IPv4 addresses or ranges admitted through the firewall of ${ctx.node.name} (the runner that applies Terraform, when it writes data).`,
    default: [...ctx.value<string[]>('allowedIps')],
  });
}

/** `network_acls` of a Key Vault. */
export const tfVaultAcls = (ctx: TTfBuildContext): TTfBlock =>
  block({
    default_action: 'Deny',
    bypass: 'AzureServices',
    ip_rules: tfAllowedIps(ctx),
    virtual_network_subnet_ids: readerSubnets(ctx).map((s) =>
      ref(ctx.address(s, 'azurerm_subnet'), 'id'),
    ),
  });

/** `network_rules` of a storage account. */
export const tfStorageRules = (ctx: TTfBuildContext): TTfBlock =>
  block({
    default_action: 'Deny',
    bypass: ['AzureServices'],
    ip_rules: tfAllowedIps(ctx),
    virtual_network_subnet_ids: readerSubnets(ctx).map((s) =>
      ref(ctx.address(s, 'azurerm_subnet'), 'id'),
    ),
  });

/** ARM `networkAcls` of a Key Vault or storage account. */
export const armNetworkAcls = (ctx: TArmBuildContext): Record<string, TArmValue> => ({
  defaultAction: 'Deny',
  bypass: 'AzureServices',
  ipRules: ctx.value<string[]>('allowedIps').map((ip) => ({ value: ip })),
  virtualNetworkRules: readerSubnets(ctx).map((s) => ({ id: aref(ctx.symbol(s), 'id') })),
});

/** The property behind the firewall's address list. */
export const ALLOWED_IPS: TPropertyDefinition = {
  key: 'allowedIps',
  label: 'Addresses allowed through the firewall',
  type: 'string-list',
  default: [],
  description:
    'Public IPv4 addresses or CIDR ranges admitted besides the subnets of connected components and trusted Azure services, e.g. the runner that applies Terraform when it writes secrets or files.',
};
