import type { TEdge, TNode, TTfBuildContext } from '../service';
import { ref, type TTfRef } from '../../ir/terraform-ir';
import { webSocketFunctions } from './websocket-connections';

/** What a compute node reads and writes: its data connections, and RDS-managed admin secrets. */

/**
 * The node's data connections, and the WebSocket APIs that route to it: their handlers answer
 * clients by posting to connections, as functions with a data connection to the API do.
 */
export function dataTargets(ctx: TTfBuildContext): TEdge[] {
  const out = ctx.outgoing('data');
  const apis = ctx
    .incoming('traffic')
    .filter(
      (e) =>
        e.node.service.kind === 'realtime' &&
        webSocketFunctions(ctx, e.node).handler === ctx.node &&
        !out.some((o) => o.node === e.node),
    );
  return [...out, ...apis];
}

/** Databases whose admin password RDS manages in Secrets Manager. */
export const isManagedPasswordDb = (node: TNode): boolean =>
  node.service.emits.terraform[0] === 'aws_db_instance';

export const masterSecretArn = (ctx: TTfBuildContext, db: TNode): TTfRef =>
  ref(ctx.address(db, 'aws_db_instance'), 'master_user_secret[0].secret_arn');
