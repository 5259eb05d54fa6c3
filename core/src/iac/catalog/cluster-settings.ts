import type { TArmBuildContext, TTfBuildContext } from './service';
import { obj, type TTfValue } from '../ir/terraform-ir';
import type { TArmValue } from '../ir/arm-ir';

/**
 * A Kubernetes cluster's connection settings (decision 0033): the names and values a function
 * connected to the same stores gets, as one object output its workloads' ConfigMap is made from
 * (the README gives the command). The engine writes no Kubernetes resources itself: it emits one
 * provider per cloud. No output when the connections carry no setting.
 */
const CLUSTER_SETTINGS_OUTPUT = 'settings';

/** By name, not by connection: drawing one more connection moves no other setting. */
const byName = <T>(settings: Readonly<Record<string, T>>): Record<string, T> =>
  Object.fromEntries(Object.entries(settings).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

const description = (cluster: string) =>
  `Connection settings for the workloads on ${cluster}, by name (a ConfigMap: see the README)`;

export function tfClusterSettings(
  ctx: TTfBuildContext,
  settings: Readonly<Record<string, TTfValue>>,
): void {
  if (Object.keys(settings).length === 0) return;
  ctx.output(CLUSTER_SETTINGS_OUTPUT, description(ctx.node.name), obj(byName(settings)));
}

export function armClusterSettings(
  ctx: TArmBuildContext,
  settings: Readonly<Record<string, TArmValue>>,
): void {
  if (Object.keys(settings).length === 0) return;
  ctx.output(CLUSTER_SETTINGS_OUTPUT, description(ctx.node.name), byName(settings), 'object');
}
