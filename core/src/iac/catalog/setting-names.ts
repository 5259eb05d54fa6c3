/**
 * How a workload's environment (app settings, environment variables) names a component it
 * connects to, on every cloud: its id in capitals, `orders-db` → `ORDERS_DB`, before the
 * setting (`ORDERS_DB_HOST`). One rule, so a design's settings read alike whatever the cloud.
 */
export const settingPrefix = (node: { readonly id: string }): string =>
  node.id.toUpperCase().replace(/[^A-Z0-9]/g, '_');

/**
 * `{prefix}_{rest}` without saying a word twice where they meet: `INGEST_QUEUE` and `QUEUE_URL`
 * give `INGEST_QUEUE_URL`, `QUEUE` and `QUEUE_URL` give `QUEUE_URL`. The word stays when what
 * would remain of the prefix is one of `others` (`JOBS` beside `JOBS_QUEUE`), so two prefixes
 * never end up with one name. Words are separated by `_`, in either case (Terraform outputs:
 * `vpc` and `vpc_id` give `vpc_id`).
 */
export function joinWords(prefix: string, rest: string, others: ReadonlySet<string>): string {
  const word = rest.split('_', 1)[0]!;
  if (prefix === word) return rest;
  const shorter = prefix.slice(0, -(word.length + 1));
  return prefix.endsWith(`_${word}`) && !others.has(shorter)
    ? `${shorter}_${rest}`
    : `${prefix}_${rest}`;
}

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
