import type { TArmBuildContext, TEdge, TNode, TTfBuildContext } from '../service';
import { armFn, type TArmValue } from '../../ir/arm-ir';
import { call, tfVar, type TTfValue } from '../../ir/terraform-ir';
import { valuesAcrossEnvironments } from '../environment-values';

const LB = 'azure.load-balancer';
const AGW = 'azure.application-gateway';
const TARGETS = new Set(['azure.linux-vm', 'azure.vm-scale-set']);

const isBalancer = (edge: TEdge) => edge.node.service.id === LB || edge.node.service.id === AGW;

/**
 * Whether a Linux VM or scale set boots with a required script (custom data): when a load
 * balancer or an Application Gateway sends it traffic, since the stock image it boots answers
 * none of their health probes. A VM nothing probes (a bastion, a batch host) keeps its image.
 */
export function needsCustomData(node: TNode, incoming: readonly TEdge[]): boolean {
  return TARGETS.has(node.service.id) && incoming.some(isBalancer);
}

/**
 * What each load balancer and gateway sending traffic to a node probes, in words, as their
 * builders write it: a load balancer's probe (`probeProtocol`, 200 only for HTTP) on the port of
 * its first target, a gateway's HTTP probe (Host header 127.0.0.1, 200 to 399) on that port, or
 * HTTPS on 443 when it also serves apps by host name (app-gateway-targets.ts).
 * `targetsOf` gives a balancer's outgoing traffic connections, in the design's order.
 */
export function customDataProbes(
  incoming: readonly TEdge[],
  targetsOf: (balancer: TNode) => readonly TEdge[],
  portOf: (edge: TEdge) => number,
  environments: readonly string[],
): string[] {
  return incoming.filter(isBalancer).map(({ node: balancer }) => {
    const targets = targetsOf(balancer);
    const first = targets[0];
    const port = first ? portOf(first) : 80;
    const paths = valuesAcrossEnvironments(balancer, 'healthPath', environments).join(' or ');
    if (balancer.service.id === LB) {
      const protocol = String(balancer.properties['probeProtocol']);
      if (protocol === 'Tcp')
        return `TCP connections on port ${port} (load balancer ${balancer.name})`;
      return `${protocol.toUpperCase()} GET ${paths} on port ${port} with status 200 (load balancer ${balancer.name})`;
    }
    const isFqdn = targets.some(
      (t) => t.node.service.kind === 'web-app' || t.node.service.kind === 'function',
    );
    return isFqdn
      ? `HTTPS GET ${paths} on port 443 with a status from 200 to 399 (Application Gateway ${balancer.name})`
      : `HTTP GET ${paths} (Host 127.0.0.1) on port ${port} with a status from 200 to 399 (Application Gateway ${balancer.name})`;
  });
}

/** The Terraform variable holding a VM's or scale set's boot script. */
export const customDataVariable = (node: TNode): string => `${node.local}_custom_data`;

/** The environment variable a Bicep parameters file (or the ARM deploy command) reads it from. */
export const customDataEnvVar = (node: TNode): string => `${node.local.toUpperCase()}_CUSTOM_DATA`;

function describe(ctx: TTfBuildContext | TArmBuildContext): string {
  const node = ctx.node;
  const probes = customDataProbes(
    ctx.incoming('traffic'),
    (b) => ctx.outgoingOf(b, 'traffic'),
    (e) => ctx.portOf(e, e.node),
    ctx.environments,
  );
  const whose =
    node.service.id === 'azure.vm-scale-set' ? `the instances of ${node.name}` : `VM ${node.name}`;
  return `Boot script of ${whose} (custom data: cloud-init runs it as root at first boot, at most 64 KB): it installs and starts the application, which must answer ${probes.join('; and ')}.`;
}

/**
 * `custom_data` of a Linux VM or scale set behind a load balancer or gateway: a required,
 * sensitive input (a boot script may hold secrets), base64-encoded as Azure takes it. Without
 * it they booted a stock image that served nothing and failed every health probe, as AWS's
 * instances did (aws/user-data.ts). User data stays the connection settings (compute.ts).
 */
export function tfCustomData(ctx: TTfBuildContext): Record<string, TTfValue> {
  if (!needsCustomData(ctx.node, ctx.incoming('traffic'))) return {};
  const name = customDataVariable(ctx.node);
  const script = ctx.variable({
    name,
    type: 'string',
    description: describe(ctx),
    sensitive: true,
    validation: {
      condition: call('can', call('regex', '\\S', tfVar(name))),
      errorMessage: `Give the script that starts the application of ${ctx.node.name}: a stock image serves nothing, so every health probe would fail and it would get no traffic.`,
    },
  });
  return { custom_data: call('base64encode', script) };
}

/** ARM `osProfile.customData`: the same script from a secure parameter, base64-encoded. */
export function armCustomData(ctx: TArmBuildContext): Record<string, TArmValue> {
  if (!needsCustomData(ctx.node, ctx.incoming('traffic'))) return {};
  const script = ctx.parameter({
    name: `${ctx.symbol(ctx.node)}CustomData`,
    type: 'string',
    secure: true,
    minLength: 1,
    description: describe(ctx),
    envVar: customDataEnvVar(ctx.node),
  });
  return { customData: armFn('base64', script) };
}
