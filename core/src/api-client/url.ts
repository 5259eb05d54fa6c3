import type { TKeyValue } from './model';

/**
 * The URL bar and the params table are one thing shown twice: editing either rewrites the other.
 * Works on text with `{{variables}}` in it (not yet a valid URL), so no URL parser is used;
 * query text is kept as typed (not re-encoded), as Postman and Hoppscotch do.
 */

/** Splits `url` into what precedes `?`, the query text, and the `#fragment`. */
export function splitUrl(url: string): { base: string; query: string | null; hash: string } {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const q = beforeHash.indexOf('?');
  if (q === -1) return { base: beforeHash, query: null, hash };
  return { base: beforeHash.slice(0, q), query: beforeHash.slice(q + 1), hash };
}

/**
 * The query of `url` as table rows. Disabled rows of `previous` are kept (the URL cannot hold
 * them), as are descriptions of rows whose key is unchanged.
 */
export function paramsFromUrl(url: string, previous: readonly TKeyValue[] = []): TKeyValue[] {
  const { query } = splitUrl(url);
  const enabledPrevious = previous.filter((p) => p.enabled);
  const rows: TKeyValue[] =
    query === null || query === ''
      ? []
      : query.split('&').map((pair, i) => {
          const eq = pair.indexOf('=');
          const key = eq === -1 ? pair : pair.slice(0, eq);
          const value = eq === -1 ? '' : pair.slice(eq + 1);
          const before = enabledPrevious[i];
          return {
            key,
            value,
            enabled: true,
            ...(before?.key === key && before.description !== undefined
              ? { description: before.description }
              : {}),
          };
        });
  // Disabled rows stay where they were, relative to the enabled ones.
  const out: TKeyValue[] = [];
  let next = 0;
  for (const p of previous) {
    if (!p.enabled) out.push(p);
    else if (next < rows.length) out.push(rows[next++]!);
  }
  while (next < rows.length) out.push(rows[next++]!);
  return out;
}

/** `url` with its query rewritten from the enabled rows of `params`. */
export function urlWithParams(url: string, params: readonly TKeyValue[]): string {
  const { base, hash } = splitUrl(url);
  const pairs = params
    .filter((p) => p.enabled && (p.key !== '' || p.value !== ''))
    .map((p) => (p.value === '' ? p.key : `${p.key}=${p.value}`));
  return pairs.length === 0 ? `${base}${hash}` : `${base}?${pairs.join('&')}${hash}`;
}
