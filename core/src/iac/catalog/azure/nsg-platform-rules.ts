import type { TArmBuildContext, TTfBuildContext } from '../service';

/**
 * Rules an Azure service requires of an NSG on its subnet, whatever the design's ports: without
 * them the service is refused at deployment or stops working.
 * - Application Gateway v2: inbound TCP 65200–65535 from `GatewayManager`, Azure's
 *   infrastructure communication; deployment fails without it
 *   (learn.microsoft.com/azure/application-gateway/configuration-infrastructure, "Network
 *   security groups").
 * - Azure Bastion: the eight rules of learn.microsoft.com/azure/bastion/bastion-nsg, inbound and
 *   outbound ("if you apply an NSG, you must create all of the following").
 */
export interface TPlatformRule {
  readonly name: string;
  readonly direction: 'Inbound' | 'Outbound';
  readonly protocol: 'Tcp' | '*';
  readonly source: string;
  readonly destination: string;
  readonly ports: readonly string[];
  readonly priority: number;
}

type TRule = Omit<TPlatformRule, 'priority'>;

const inbound = (name: string, protocol: TRule['protocol'], source: string, ports: string[]) =>
  ({ name, direction: 'Inbound', protocol, source, destination: '*', ports }) as const;

const outbound = (
  name: string,
  protocol: TRule['protocol'],
  destination: string,
  ports: string[],
  source = '*',
) => ({ name, direction: 'Outbound', protocol, source, destination, ports }) as const;

const BY_SERVICE: Readonly<Record<string, readonly TRule[]>> = {
  'azure.application-gateway': [
    inbound('allow-gateway-manager-in', 'Tcp', 'GatewayManager', ['65200-65535']),
  ],
  'azure.bastion': [
    inbound('allow-https-in', 'Tcp', 'Internet', ['443']),
    inbound('allow-bastion-manager-in', 'Tcp', 'GatewayManager', ['443']),
    inbound('allow-load-balancer-in', 'Tcp', 'AzureLoadBalancer', ['443']),
    {
      ...inbound('allow-bastion-host-in', '*', 'VirtualNetwork', ['8080', '5701']),
      destination: 'VirtualNetwork',
    },
    outbound('allow-ssh-rdp-out', '*', 'VirtualNetwork', ['22', '3389']),
    outbound('allow-azure-cloud-out', 'Tcp', 'AzureCloud', ['443']),
    outbound('allow-bastion-host-out', '*', 'VirtualNetwork', ['8080', '5701'], 'VirtualNetwork'),
    outbound('allow-session-info-out', '*', 'Internet', ['80']),
  ],
};

/** Where these rules start: after the design's own (100, 110, …), before the default rules. */
const FIRST_PRIORITY = 3000;

/** The rules the services in the subnets of the NSG `ctx.node` require, each once. */
export function platformRules(ctx: TTfBuildContext | TArmBuildContext): TPlatformRule[] {
  const subnets = ctx
    .incoming('placement')
    .map((e) => e.node)
    .filter((n) => n.service.kind === 'subnet');
  const rules = new Map<string, TRule>();
  for (const member of subnets.flatMap((s) => ctx.children(s)))
    for (const rule of BY_SERVICE[member.service.id] ?? []) rules.set(rule.name, rule);
  const count = { Inbound: 0, Outbound: 0 };
  return [...rules.values()].map((rule) => ({
    ...rule,
    priority: FIRST_PRIORITY + 10 * count[rule.direction]++,
  }));
}
