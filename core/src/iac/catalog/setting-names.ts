import { joinWords } from '../naming/join-words';

/**
 * How a workload's environment (app settings, environment variables) names a component it
 * connects to, on every cloud: its id in capitals, `orders-db` → `ORDERS_DB`, before the
 * setting (`ORDERS_DB_HOST`). One rule, so a design's settings read alike whatever the cloud.
 */
export const settingPrefix = (node: { readonly id: string }): string =>
  node.id.toUpperCase().replace(/[^A-Z0-9]/g, '_');

/**
 * Names the settings of one workload's stores: `{prefix}_{setting}` by `joinWords`, the other
 * stores' prefixes kept apart (`ingest-queue` and `QUEUE_URL` give `INGEST_QUEUE_URL`).
 */
export function settingNamer(
  stores: readonly { readonly id: string }[],
): (store: { readonly id: string }, setting: string) => string {
  const prefixes = new Set(stores.map(settingPrefix));
  return (store, setting) => joinWords(settingPrefix(store), setting, prefixes);
}
