import type { TNode, TTfBuildContext } from '../service';
import { call, tpl, type TTfValue } from '../../ir/terraform-ir';
import { primaryRef } from './shared';

/** WebSocket APIs seen from their functions: the stage, callback URL, connections ARN and roles. */

/** The one stage of a WebSocket API: callback URLs and connection ARNs name it. */
export const WEBSOCKET_STAGE = 'live';

/** `https://<api>.execute-api.<region>.amazonaws.com/<stage>`: where `@connections` posts go. */
export const callbackUrl = (ctx: TTfBuildContext, api: TNode): TTfValue =>
  tpl(
    call('replace', primaryRef(ctx, api, 'api_endpoint'), 'wss://', 'https://'),
    `/${WEBSOCKET_STAGE}`,
  );

/** What `execute-api:ManageConnections` is granted on: posts to the stage's connections. */
export const connectionsArn = (ctx: TTfBuildContext, api: TNode): TTfValue =>
  tpl(primaryRef(ctx, api, 'execution_arn'), `/${WEBSOCKET_STAGE}/POST/@connections/*`);

/**
 * The functions a WebSocket API connects to by traffic, by role. The Lambda authorizer is the
 * one `authorizerFunction` names (id or name), else the first; the route handler is the first
 * other one, else the authorizer itself.
 */
export function webSocketFunctions(
  ctx: TTfBuildContext,
  api: TNode,
): { authorizer?: TNode; handler?: TNode } {
  const functions = ctx.outgoingOf(api, 'traffic').map((e) => e.node);
  const named = String(api.properties['authorizerFunction'] ?? '').trim();
  const authorizer =
    api.properties['authorizer'] === 'lambda'
      ? (functions.find((n) => named !== '' && (n.id === named || n.name === named)) ??
        functions[0])
      : undefined;
  return { authorizer, handler: functions.find((n) => n !== authorizer) ?? authorizer };
}
