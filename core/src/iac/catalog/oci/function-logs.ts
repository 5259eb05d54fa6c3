import type { TNode, TTfBuildContext } from '../service';
import { block, ref, type TTfRef } from '../../ir/terraform-ir';
import { perDesign } from '../per-design';
import { OCI_MEMBERS_OF } from './grants';
import { compartment } from './shared';

/** Per design: the log group a dynamic group of the design's functions is connected to. */
const functionsLogGroupOf = new WeakMap<readonly TNode[], TNode | undefined>();

const isLogGroup = (n: TNode) => n.service.kind === 'log-group';

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
  const local = ctx.node.local;
  const connected = connectedLogGroup(ctx);
  const groupId = connected
    ? ref(ctx.address(connected, 'oci_logging_log_group'), 'id')
    : ref(
        ctx.resource('oci_logging_log_group', `${local}_logs`, {
          compartment_id: compartment(),
          display_name: ctx.name('logs'),
          description: `Invocation logs of function ${ctx.node.name}`,
          freeform_tags: ctx.tags(),
        }).address,
        'id',
      );
  const log = ctx.resource('oci_logging_log', `${local}_invoke`, {
    display_name: ctx.name('invoke'),
    log_group_id: groupId,
    log_type: 'SERVICE',
    is_enabled: true,
    retention_duration: 30,
    freeform_tags: ctx.tags(),
    configuration: block({
      compartment_id: compartment(),
      source: block({
        category: 'invoke',
        resource: ref(app.address, 'id'),
        service: 'functions',
        source_type: 'OCISERVICE',
      }),
    }),
  });
  ctx.output(
    'invoke_log_id',
    `OCID of the log of what ${ctx.node.name} writes to stdout and stderr`,
    ref(log.address, 'id'),
  );
}
