/** `app-db` -> `appDb`: Bicep symbols and parameter names are camelCase identifiers. */
const camelCache = new Map<string, string>();
export const camel = (s: string): string => {
  let out = camelCache.get(s);
  if (out === undefined) {
    out = s
      .replace(/[-_]+([a-z0-9])/g, (_, c: string) => c.toUpperCase())
      .replace(/[^A-Za-z0-9]/g, '');
    if (camelCache.size < 100_000) camelCache.set(s, out);
  }
  return out;
};

/** `orders_db` -> `OrdersDb`: the parts of IAM statement ids and permission names. */
export const pascal = (s: string): string => {
  const c = camel(s);
  return c.charAt(0).toUpperCase() + c.slice(1);
};
