/**
 * How a workload's environment (app settings, environment variables) names a component it
 * connects to, on every cloud: its id in capitals, `orders-db` → `ORDERS_DB`, before the
 * setting (`ORDERS_DB_HOST`). One rule, so a design's settings read alike whatever the cloud.
 */
export const settingPrefix = (node: { readonly id: string }): string =>
  node.id.toUpperCase().replace(/[^A-Z0-9]/g, '_');

/**
 * Names the settings of one workload's stores: `{prefix}_{setting}`, without the stutter of a
 * store whose id ends in the setting's first word (`ingest-queue` and `QUEUE_URL` give
 * `INGEST_QUEUE_URL`, not `INGEST_QUEUE_QUEUE_URL`; `queue` gives `QUEUE_URL`). The word stays when what would remain of
 * the prefix is another of the workload's stores (`jobs` beside `jobs-queue`), so two stores
 * never share a name the stutter rule made.
 */
export function settingNamer(
  stores: readonly { readonly id: string }[],
): (store: { readonly id: string }, setting: string) => string {
  const prefixes = new Set(stores.map(settingPrefix));
  return (store, setting) => {
    const prefix = settingPrefix(store);
    const word = setting.split('_', 1)[0]!;
    if (prefix === word) return setting;
    const shorter = prefix.slice(0, -(word.length + 1));
    return prefix.endsWith(`_${word}`) && !prefixes.has(shorter)
      ? `${shorter}_${setting}`
      : `${prefix}_${setting}`;
  };
}
