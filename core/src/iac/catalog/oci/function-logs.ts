import type { TNode, TTfBuildContext } from '../service';
import { ref, type TTfRef } from '../../ir/terraform-ir';
import { perDesign } from '../per-design';
import { OCI_MEMBERS_OF } from './grants';
import { isLogGroup, serviceLog, serviceLogGroup } from './service-logs';

/** Per design: the log group a dynamic group of the design's functions is connected to. */
const functionsLogGroupOf = new WeakMap<readonly TNode[], TNode | undefined>();

/**
 * The log group a function's invocation log goes to: a log group the function is connected to,
 * else one that a dynamic group of the design's functions is connected to (the group its code
 * is allowed to write to), else none.
 */
function connectedLogGroup(ctx: TTfBuildContext): TNode | undefined {
  const direct = ctx.outgoing().find((e) => isLogGroup(e.node));
  if (direct) return direct.node;
  return perDesign(functionsLogGroupOf, ctx, (nodes) => {
    for (const group of nodes) {
      if (group.service.id !== 'oci.dynamic-group') continue;
      if (OCI_MEMBERS_OF['oci.function'] !== (group.properties['members'] ?? 'instances')) continue;
      const logs = ctx.outgoingOf(group).find((e) => isLogGroup(e.node));
      if (logs) return logs.node;
    }
    return undefined;
  });
}

/**
 * The invocation log of a Functions application: what its functions write to stdout and stderr
 * is kept only when the application has a Logging service log of category `invoke` (or a syslog
 * URL); without one it is dropped and a failing function leaves nothing to read ("Storing and
 * Viewing Function Logs", Functions docs; service `functions`, category `invoke` in "Supported
 * Services", Logging docs). The log goes to the log group the function (or the dynamic group of
 * the functions) is connected to, else to a group of its own.
 */
export function functionInvokeLog(ctx: TTfBuildContext, app: TTfRef): void {
  const group = serviceLogGroup(
    ctx,
    connectedLogGroup(ctx),
    `Invocation logs of function ${ctx.node.name}`,
  );
  const log = serviceLog(ctx, group, {
    service: 'functions',
    category: 'invoke',
    resource: ref(app.address, 'id'),
  });
  ctx.output(
    'invoke_log_id',
    `OCID of the log of what ${ctx.node.name} writes to stdout and stderr`,
    ref(log.address, 'id'),
  );
}
