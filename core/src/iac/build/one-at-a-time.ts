/**
 * `ctx.oneAtATime` of both builders: for resources the cloud changes one at a time (a PostgreSQL
 * server's Entra administrators, a Managed Redis database's access policy assignments), each
 * queued under `key` depends on the one queued there before it, if any.
 */
export function oneAtATimeQueues(): (key: string, id: string) => string[] {
  const last = new Map<string, string>();
  return (key, id) => {
    const before = last.get(key);
    last.set(key, id);
    return before === undefined ? [] : [before];
  };
}
