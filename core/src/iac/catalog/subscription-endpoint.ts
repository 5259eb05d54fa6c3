import { BuildError } from '../build/terraform-build';
import type { TTfBuildContext } from './service';

/** A topic's subscription protocols by what they deliver to, as its cloud names them. */
export interface TSubscriptionProtocols {
  readonly email: string;
  readonly https: string;
}

/**
 * A topic's `subscriptionEndpoint` (AWS SNS, OCI Notifications), checked against its
 * `subscriptionProtocol`: an e-mail address, or an https:// URL. Undefined when none is set; a
 * malformed one is refused before anything is written, as the cloud would refuse it at apply.
 */
export function subscriptionEndpoint(
  ctx: TTfBuildContext,
  protocols: TSubscriptionProtocols,
): { endpoint: string; protocol: string } | undefined {
  const endpoint = ctx.value('subscriptionEndpoint').trim();
  const protocol = ctx.value('subscriptionProtocol');
  if (endpoint === '') return undefined;
  if (protocol === protocols.email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(endpoint))
    throw new BuildError(
      `${ctx.node.id}: subscriptionEndpoint "${endpoint}" is not an e-mail address (or set subscriptionProtocol to ${protocols.https})`,
    );
  if (protocol === protocols.https && !/^https:\/\/\S+$/.test(endpoint))
    throw new BuildError(
      `${ctx.node.id}: subscriptionEndpoint "${endpoint}" must be an https:// URL for subscriptionProtocol ${protocols.https}`,
    );
  return { endpoint, protocol };
}
