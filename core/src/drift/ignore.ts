import type { TAttrPath, TDriftChange } from '../contract/drift/scans';
import type { TIgnoreRuleLike } from './model';

/**
 * Ignore rules (like driftctl's `.driftignore`): every field a rule sets must match. A rule
 * without an attribute path hides whole resources; with one, only the attribute differences
 * under that path (`tags` hides every tag, `tags.LastScanned` one, `ttl.0.enabled`, `*` one
 * segment).
 */
/** `*` any run of characters (dots too), `?` one; brackets are literal (`aws_s3_bucket.b[0]`). */
export function globToRegExp(glob: string): RegExp {
  const body = glob
    .split('')
    .map((ch) => (ch === '*' ? '.*' : ch === '?' ? '.' : ch.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`);
}

/**
 * `tags.LastScanned`, `ttl.0.enabled`, and the forms the scan shows: `ttl[0].enabled`,
 * `tags["cost "]` (a key with dots or spaces, exactly).
 */
export function splitDottedPath(path: string): string[] {
  const out: string[] = [];
  const re = /\["((?:[^"\\]|\\.)*)"\]|\[(\d+|\*)\]|([^.[\]]+)/g;
  for (const m of path.matchAll(re)) {
    if (m[1] !== undefined) out.push(unquote(m[1]));
    else out.push(m[2] ?? m[3] ?? '');
  }
  return out.filter((s) => s !== '');
}

function unquote(inner: string): string {
  try {
    return JSON.parse(`"${inner}"`) as string;
  } catch {
    return inner;
  }
}

function pathMatches(rule: readonly string[], path: TAttrPath): boolean {
  if (rule.length > path.length) return false;
  return rule.every((seg, i) => seg === '*' || seg === String(path[i]));
}

interface TCompiledRule {
  address: RegExp | null;
  type: string | null;
  path: string[] | null;
}

export function compileRules(rules: readonly TIgnoreRuleLike[]): TCompiledRule[] {
  return rules
    .map((r) => ({
      address: r.addressPattern ? globToRegExp(r.addressPattern) : null,
      type: r.resourceType ?? null,
      path: r.attributePath ? splitDottedPath(r.attributePath) : null,
    }))
    .filter((r) => r.address || r.type || (r.path && r.path.length > 0));
}

function resourceMatches(rule: TCompiledRule, change: TDriftChange): boolean {
  return (
    (!rule.address || rule.address.test(change.address)) &&
    (!rule.type || rule.type === change.resourceType)
  );
}

/**
 * The change with what the rules hide removed: null when the whole change is hidden. `hidden`
 * counts a hidden resource as one, and each hidden attribute difference as one.
 */
export function applyIgnoreRules(
  change: TDriftChange,
  rules: readonly TCompiledRule[],
): { change: TDriftChange | null; hidden: number; isResourceHidden: boolean } {
  const matching = rules.filter((r) => resourceMatches(r, change));
  if (matching.some((r) => !r.path)) return { change: null, hidden: 1, isResourceHidden: true };
  const paths = matching.map((r) => r.path).filter((p): p is string[] => p !== null);
  if (paths.length === 0 || change.status !== 'changed') {
    return { change, hidden: 0, isResourceHidden: false };
  }
  const kept = change.attributes.filter((a) => !paths.some((p) => pathMatches(p, a.path)));
  const hidden = change.attributes.length - kept.length;
  if (hidden === 0) return { change, hidden: 0, isResourceHidden: false };
  return {
    change: kept.length === 0 ? null : { ...change, attributes: kept },
    hidden,
    isResourceHidden: false,
  };
}
