/**
 * How a workload's environment (app settings, environment variables) names a component it
 * connects to, on every cloud: its id in capitals, `orders-db` → `ORDERS_DB`, before the
 * setting (`ORDERS_DB_HOST`). One rule, so a design's settings read alike whatever the cloud.
 */
export const settingPrefix = (node: { readonly id: string }): string =>
  node.id.toUpperCase().replace(/[^A-Z0-9]/g, '_');
