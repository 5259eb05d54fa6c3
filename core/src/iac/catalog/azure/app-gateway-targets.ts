import type { TArmBuildContext, TEdge, TNode, TTfBuildContext } from '../service';
import { aref, type TArmValue } from '../../ir/arm-ir';
import { ref, tpl, type TTfValue } from '../../ir/terraform-ir';
import { BuildError } from '../../build/terraform-build';

/**
 * What an Application Gateway sends traffic to: VMs by private IP, App Service and function apps
 * by host name (HTTPS, host header from the backend), scale sets through their own network
 * profile (they list the gateway's pool, as for a load balancer).
 */
export const AGW_POOL = 'backend';

interface TTarget {
  readonly edge: TEdge;
  readonly by: 'ip' | 'fqdn' | 'self';
}

const TF_HOSTS: Readonly<Record<string, string>> = {
  'web-app': 'azurerm_linux_web_app',
  function: 'azurerm_linux_function_app',
};

export function agwTargets(ctx: TTfBuildContext | TArmBuildContext): TTarget[] {
  const out = ctx.outgoing('traffic').map((edge): TTarget => {
    const kind = edge.node.service.kind;
    if (kind === 'vm') return { edge, by: 'ip' };
    if (kind === 'autoscaling-group') return { edge, by: 'self' };
    if (TF_HOSTS[kind]) return { edge, by: 'fqdn' };
    throw new BuildError(
      `${ctx.node.name}: an Application Gateway sends traffic to virtual machines, scale sets, web apps or function apps, not to ${edge.node.name}`,
    );
  });
  return out;
}

/** Backends reached by host name speak HTTPS on 443; the others the target's own port. */
export function agwBackend(ctx: TTfBuildContext | TArmBuildContext, targets: TTarget[]) {
  const isFqdn = targets.some((t) => t.by === 'fqdn');
  const port = isFqdn ? 443 : targets[0] ? ctx.portOf(targets[0].edge, targets[0].edge.node) : 80;
  return { isFqdn, port, protocol: isFqdn ? 'Https' : 'Http' };
}

export function tfAgwAddresses(ctx: TTfBuildContext, targets: TTarget[]) {
  const ips: TTfValue[] = [];
  const fqdns: TTfValue[] = [];
  for (const { edge, by } of targets) {
    if (by === 'ip')
      ips.push(ref(ctx.address(edge.node, 'azurerm_network_interface'), 'private_ip_address'));
    if (by === 'fqdn')
      fqdns.push(
        ref(ctx.address(edge.node, TF_HOSTS[edge.node.service.kind]!), 'default_hostname'),
      );
  }
  return { ...(ips.length ? { ip_addresses: ips } : {}), ...(fqdns.length ? { fqdns } : {}) };
}

export function armAgwAddresses(ctx: TArmBuildContext, targets: TTarget[]): TArmValue[] {
  return targets.flatMap(({ edge, by }): TArmValue[] => {
    if (by === 'ip')
      return [
        {
          ipAddress: aref(
            ctx.symbol(edge.node, 'Nic'),
            'properties.ipConfigurations[0].properties.privateIPAddress',
          ),
        },
      ];
    if (by === 'fqdn') return [{ fqdn: aref(ctx.symbol(edge.node), 'properties.defaultHostName') }];
    return [];
  });
}

/** The Application Gateways whose pool a scale set joins (incoming traffic connections). */
export const azureAgwsOf = (ctx: TTfBuildContext | TArmBuildContext): TNode[] =>
  ctx
    .incoming('traffic')
    .filter((e) => e.node.service.id === 'azure.application-gateway')
    .map((e) => e.node);

/** The gateway's pool is a set in azurerm, so its id is built from the gateway's. */
export const tfAgwPoolId = (ctx: TTfBuildContext, agw: TNode): TTfValue =>
  tpl(
    ref(ctx.address(agw, 'azurerm_application_gateway'), 'id'),
    `/backendAddressPools/${AGW_POOL}`,
  );

export const armAgwPoolId = (ctx: TArmBuildContext, agw: TNode): TArmValue =>
  aref(ctx.symbol(agw), 'properties.backendAddressPools[0].id');
