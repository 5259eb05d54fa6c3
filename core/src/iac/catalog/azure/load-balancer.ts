import { defineService, type TArmBuildContext, type TNode, type TTfBuildContext } from '../service';
import { boolProp, enumProp, numProp, strProp } from '../properties';
import { aref, childId, type TArmValue } from '../../ir/arm-ir';
import { block, ref, type TTfValue } from '../../ir/terraform-ir';
import { BuildError } from '../../build/terraform-build';
import { armLocation, armSubnetId, placed, tfSubnetId } from './shared';
import { armPublicIp, tfPublicIp } from './public-ip';

/**
 * Azure Load Balancer (Standard SKU): a TCP entry point, public or internal, with one backend
 * pool filled from its traffic connections (VMs through their NIC, scale sets through their own
 * network profile), a health probe and one rule. Outbound SNAT through the rule is off: egress
 * goes through a NAT gateway, as Azure recommends for Standard load balancers.
 */
const NETWORK_API = '2025-05-01';
const LB_TYPE = 'Microsoft.Network/loadBalancers';
export const LB_FRONTEND = 'frontend';
export const LB_POOL = 'backend';
const LB_PROBE = 'health';

/** Kinds an Azure load balancer's pool can hold. */
const TARGET_KINDS = ['vm', 'autoscaling-group'];

function targetsOf(ctx: TTfBuildContext | TArmBuildContext) {
  const targets = ctx.outgoing('traffic');
  for (const t of targets) {
    if (!TARGET_KINDS.includes(t.node.service.kind))
      throw new BuildError(
        `${ctx.node.name}: an Azure load balancer sends traffic to virtual machines or scale sets, not to ${t.node.name}`,
      );
  }
  return targets;
}

/** The load balancers whose pool a VM or scale set joins (incoming traffic connections). */
export const azureLbsOf = (ctx: TTfBuildContext | TArmBuildContext): TNode[] =>
  ctx
    .incoming('traffic')
    .filter((e) => e.node.service.id === 'azure.load-balancer')
    .map((e) => e.node);

/** ARM: a pool id another resource (NIC, scale set) refers to; the reference orders the deployment. */
export const armLbPoolId = (ctx: TArmBuildContext, lb: TNode): TArmValue =>
  aref(ctx.symbol(lb), 'properties.backendAddressPools[0].id');

export const tfLbPoolId = (ctx: TTfBuildContext, lb: TNode): TTfValue =>
  ref(ctx.address(lb, 'azurerm_lb_backend_address_pool'), 'id');

export const azureLoadBalancer = defineService({
  id: 'azure.load-balancer',
  cloud: 'azure',
  kind: 'network-load-balancer',
  name: 'Load balancer',
  category: 'networking',
  description:
    'Standard load balancer (TCP), public or internal, with a health probe and one rule to the virtual machines or scale sets it sends traffic to. Egress of the targets goes through a NAT gateway.',
  icon: 'azure-load-balancer',
  properties: [
    boolProp('public', 'Internet-facing', true),
    numProp('listenerPort', 'Frontend port', 80, 1, 65535),
    enumProp('probeProtocol', 'Health probe', ['Tcp', 'Http', 'Https'], 'Tcp'),
    strProp('healthPath', 'Health check path (HTTP probes)', '/'),
  ],
  placement: 'subnet',
  port: 80,
  naming: { rule: 'azure-generic', abbreviation: 'lbe' },
  emits: {
    terraform: [
      'azurerm_lb',
      'azurerm_lb_backend_address_pool',
      'azurerm_lb_probe',
      'azurerm_lb_rule',
      'azurerm_public_ip',
      'azurerm_network_interface_backend_address_pool_association',
    ],
    arm: [
      { type: LB_TYPE, apiVersion: NETWORK_API },
      { type: 'Microsoft.Network/publicIPAddresses', apiVersion: NETWORK_API },
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const targets = targetsOf(ctx);
    const isPublic = ctx.value<boolean>('public');
    const pip = isPublic ? tfPublicIp(ctx) : undefined;
    const lb = ctx.resource('azurerm_lb', local, {
      name: ctx.name(),
      ...placed(),
      sku: 'Standard',
      tags: ctx.tags(),
      frontend_ip_configuration: block(
        pip
          ? { name: LB_FRONTEND, public_ip_address_id: ref(pip.address, 'id') }
          : {
              name: LB_FRONTEND,
              subnet_id: tfSubnetId(ctx, ctx.subnets()[0]!),
              private_ip_address_allocation: 'Dynamic',
            },
      ),
    });
    const pool = ctx.resource('azurerm_lb_backend_address_pool', local, {
      name: LB_POOL,
      loadbalancer_id: ref(lb.address, 'id'),
    });
    const port = targets[0] ? ctx.portOf(targets[0], targets[0].node) : 80;
    const protocol = ctx.value('probeProtocol');
    const probe = ctx.resource('azurerm_lb_probe', local, {
      name: LB_PROBE,
      loadbalancer_id: ref(lb.address, 'id'),
      protocol,
      port,
      ...(protocol === 'Tcp' ? {} : { request_path: ctx.prop('healthPath') }),
      interval_in_seconds: 5,
    });
    ctx.resource('azurerm_lb_rule', local, {
      name: `tcp-${ctx.value<number>('listenerPort')}`,
      loadbalancer_id: ref(lb.address, 'id'),
      protocol: 'Tcp',
      frontend_port: ctx.prop('listenerPort'),
      backend_port: port,
      frontend_ip_configuration_name: LB_FRONTEND,
      backend_address_pool_ids: [ref(pool.address, 'id')],
      probe_id: ref(probe.address, 'id'),
      disable_outbound_snat: true,
      tcp_reset_enabled: true,
      idle_timeout_in_minutes: 4,
    });
    // Scale sets list the pool in their own network profile (azure.vm-scale-set).
    for (const t of targets.filter((t) => t.node.service.kind === 'vm')) {
      ctx.resource(
        'azurerm_network_interface_backend_address_pool_association',
        `${local}_${t.node.local}`,
        {
          network_interface_id: ref(ctx.address(t.node, 'azurerm_network_interface'), 'id'),
          ip_configuration_name: 'primary',
          backend_address_pool_id: ref(pool.address, 'id'),
        },
      );
    }
    ctx.output(
      isPublic ? 'public_ip' : 'private_ip',
      `Frontend IP address of ${ctx.node.name}`,
      pip
        ? ref(pip.address, 'ip_address')
        : ref(lb.address, 'frontend_ip_configuration[0].private_ip_address'),
    );
  },
  arm: (ctx) => {
    const targets = targetsOf(ctx);
    const isPublic = ctx.value<boolean>('public');
    const pip = isPublic ? armPublicIp(ctx) : undefined;
    // Rules name the frontend, pool and probe of this same resource: resourceId(), not a symbol.
    const own = (child: string, name: string) => ({
      id: childId(LB_TYPE, ctx.name(), child, name),
    });
    const port = targets[0] ? ctx.portOf(targets[0], targets[0].node) : 80;
    const protocol = ctx.value('probeProtocol');
    const lb = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: LB_TYPE,
      apiVersion: NETWORK_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: { name: 'Standard', tier: 'Regional' },
        properties: {
          frontendIPConfigurations: [
            {
              name: LB_FRONTEND,
              properties: pip
                ? { publicIPAddress: { id: aref(pip, 'id') } }
                : {
                    subnet: { id: armSubnetId(ctx, ctx.subnets()[0]!) },
                    privateIPAllocationMethod: 'Dynamic',
                  },
            },
          ],
          backendAddressPools: [{ name: LB_POOL }],
          probes: [
            {
              name: LB_PROBE,
              properties: {
                protocol,
                port,
                ...(protocol === 'Tcp' ? {} : { requestPath: ctx.prop('healthPath') }),
                intervalInSeconds: 5,
              },
            },
          ],
          loadBalancingRules: [
            {
              name: `tcp-${ctx.value<number>('listenerPort')}`,
              properties: {
                frontendIPConfiguration: own('frontendIPConfigurations', LB_FRONTEND),
                backendAddressPool: own('backendAddressPools', LB_POOL),
                probe: own('probes', LB_PROBE),
                protocol: 'Tcp',
                frontendPort: ctx.prop('listenerPort'),
                backendPort: port,
                disableOutboundSnat: true,
                enableTcpReset: true,
                idleTimeoutInMinutes: 4,
              },
            },
          ],
        },
      },
    });
    // Targets join the pool from their side: a VM's NIC, a scale set's network profile.
    ctx.output(
      isPublic ? 'publicIp' : 'privateIp',
      `Frontend IP address of ${ctx.node.name}`,
      pip
        ? aref(pip, 'properties.ipAddress')
        : aref(lb, 'properties.frontendIPConfigurations[0].properties.privateIPAddress'),
    );
  },
});
