import type { TTfBuildContext } from '../service';
import { ref, type TTfRef } from '../../ir/terraform-ir';
import { serviceLog, serviceLogGroup } from './service-logs';

/**
 * The invocation log of a Functions application: what its functions write to stdout and stderr
 * is kept only when the application has a Logging service log of category `invoke` (or a syslog
 * URL); without one it is dropped and a failing function leaves nothing to read ("Storing and
 * Viewing Function Logs", Functions docs; service `functions`, category `invoke` in "Supported
 * Services", Logging docs). The log goes to the log group the function is connected to, else to
 * a group of its own: read back from the code, a log in the group of the functions' dynamic group
 * looked like a connection of the function to it.
 */
export function functionInvokeLog(ctx: TTfBuildContext, app: TTfRef): void {
  const group = serviceLogGroup(ctx, `Invocation logs of function ${ctx.node.name}`);
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
