import type { TNode, TTfBuildContext } from '../service';
import { block, ref, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import { compartment } from './shared';

/** OCI service logs: what an OCI service records of a resource, kept in a Logging log group. */

const isLogGroup = (n: TNode): boolean => n.service.kind === 'log-group';

/**
 * The OCID of the log group a component's service logs go to: a log group it is connected to,
 * else a group of the component's own (`<local>_logs`) described as `description`.
 */
export function serviceLogGroup(ctx: TTfBuildContext, description: string): TTfValue {
  const connected = ctx.outgoing().find((e) => isLogGroup(e.node))?.node;
  if (connected) return ref(ctx.address(connected, 'oci_logging_log_group'), 'id');
  const own = ctx.resource('oci_logging_log_group', `${ctx.node.local}_logs`, {
    compartment_id: compartment(),
    display_name: ctx.name('logs'),
    description,
    freeform_tags: ctx.tags(),
  });
  return ref(own.address, 'id');
}

/**
 * A service log (`<local>_<suffix>`, the category by default): OCI keeps what `service` records
 * of `resource` in the `category` only once such a log is enabled ("Supported Services", Logging
 * docs).
 */
export function serviceLog(
  ctx: TTfBuildContext,
  group: TTfValue,
  source: { readonly service: string; readonly category: string; readonly resource: TTfValue },
  suffix: string = source.category,
): TTfRef {
  return ctx.resource('oci_logging_log', `${ctx.node.local}_${suffix}`, {
    display_name: ctx.name(suffix),
    log_group_id: group,
    log_type: 'SERVICE',
    is_enabled: true,
    retention_duration: 30,
    freeform_tags: ctx.tags(),
    configuration: block({
      compartment_id: compartment(),
      source: block({
        category: source.category,
        resource: source.resource,
        service: source.service,
        source_type: 'OCISERVICE',
      }),
    }),
  });
}
