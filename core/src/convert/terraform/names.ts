import { regionCode } from '../../iac/naming/resolve';
import type { TImportedResource } from './instantiate';
import { canonical, isTaggedVal, type TVal } from './value';

/**
 * The design's naming convention and its components' names, read back from the names the engine
 * wrote (`orders-${var.environment}-alb-api`: `{project}-{env}-{type}-{name}`, the component
 * named `api`). The engine composes every main resource's name from the same pattern: the shape
 * most components' names share is the pattern, and each name is read against it.
 */

export interface TNamed {
  readonly id: string;
  readonly primary: TImportedResource;
  /** The service's `{type}` word (`alb`). */
  readonly abbreviation: string;
  /** The component's other resources: a name the main one extends (`orders` of `orders-afdp`). */
  readonly owned?: readonly TImportedResource[];
  /**
   * The service's resources for a component named `x`, keyed `<type>/<argument>`
   * (`"${var.environment}-nat-x-pip"`): the suffix it adds after the name.
   */
  readonly probed?: ReadonlyMap<string, { readonly c: string }>;
}

export interface TNaming {
  readonly pattern: string;
  /** The pattern with the literal texts in place of `{org}` and `{project}`, without `{name}`. */
  readonly shape: string;
  readonly org: string;
  readonly project: string;
  /** The component's name per id, where its main resource's name follows the pattern. */
  readonly names: ReadonlyMap<string, string>;
}

/** The environment as the engine writes it inside a name. */
export const ENV = '${var.environment}';
/** The arguments that hold a resource's own name, most likely first. */
const NAME_ARGUMENTS = [
  'name',
  'display_name',
  'bucket',
  'function_name',
  'cluster_identifier',
  'tags.Name',
];

/** The name the engine wrote on a resource: an argument holding the environment, in text. */
export function nameText(r: TImportedResource): { argument: string; text: string } | undefined {
  const texts: [string, string][] = [];
  // A resource without a name argument carries its name in a `Name` tag (an internet gateway).
  const tags = r.body['tags'] as TVal | undefined;
  const tagged =
    tags && isTaggedVal(tags) && (tags as { $: string }).$ === 'obj'
      ? (tags as { entries: Record<string, TVal> }).entries['Name']
      : undefined;
  for (const [k, v] of [...Object.entries(r.body), ['tags.Name', tagged] as const]) {
    const text = isTaggedVal(v as TVal) ? (canonical(v as TVal) as unknown) : undefined;
    if (typeof text !== 'string' || !/^"[^"]*"$/.test(text)) continue;
    const inner = text.slice(1, -1);
    if (inner.split(ENV).length === 2) texts.push([k, inner]);
  }
  const rank = (k: string) => {
    const i = NAME_ARGUMENTS.indexOf(k);
    return i === -1 ? NAME_ARGUMENTS.length : i;
  };
  const [first] = texts.sort((a, b) => rank(a[0]) - rank(b[0]));
  return first ? { argument: first[0], text: first[1] } : undefined;
}

type TSegment = { readonly token: 'env' | 'type' | 'region' } | { readonly text: string };

const segmentsOf = (text: string, abbreviation: string, region: string): TSegment[] =>
  text
    .replace(ENV, '\u0000')
    .split('-')
    .filter((s) => s !== '')
    .map((s) =>
      s === '\u0000'
        ? { token: 'env' }
        : s === abbreviation.toLowerCase()
          ? { token: 'type' }
          : s === region
            ? { token: 'region' }
            : { text: s },
    );

/** Text as a regular expression that matches it literally. */
export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The pattern most names share, with `{name}` the text after the last token (the engine's
 * patterns end with the component's name), and each component's name read against it.
 */
export function recoverNaming(components: readonly TNamed[], region: string): TNaming | undefined {
  const code = regionCode(region).toLowerCase();
  const read = components.flatMap((c) => {
    const text = nameText(c.primary)?.text;
    return text ? [{ c, text, segments: segmentsOf(text, c.abbreviation, code) }] : [];
  });
  // The shape: the segments up to the last token, the rest being the name.
  const votes = new Map<string, number>();
  for (const { segments } of read) {
    const last = segments.map((s) => 'token' in s).lastIndexOf(true);
    if (last === -1 || last === segments.length - 1) continue;
    const shape = segments
      .slice(0, last + 1)
      .map((s) => ('token' in s ? `{${s.token}}` : s.text))
      .join('-');
    votes.set(shape, (votes.get(shape) ?? 0) + 1);
  }
  const [shape] = [...votes].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!shape || !shape.includes('{env}')) return undefined;
  const literals = shape.split('-').filter((s) => !s.startsWith('{'));
  if (literals.length > 2) return undefined;
  const [org, project] = literals.length === 2 ? literals : ['', literals[0] ?? ''];
  let literal = literals.length === 2 ? 0 : 1;
  const pattern = `${shape
    .split('-')
    .map((s) => (s.startsWith('{') ? s : literal++ === 0 ? '{org}' : '{project}'))
    .join('-')}-{name}`;
  const naming = { pattern, org: org!, project: project!, shape };
  const names = new Map<string, string>();
  for (const c of components) {
    const name = nameIn(naming, c, region);
    if (name) names.set(c.id, name);
  }
  return { ...naming, names };
}

/** The `{name}` of a component whose main resource's name follows the recovered pattern. */
export function nameIn(
  naming: Pick<TNaming, 'pattern'> & { readonly shape: string },
  c: TNamed,
  region: string,
): string | undefined {
  const named = nameText(c.primary);
  if (!named) return undefined;
  let name = readName(naming, named.text, c.abbreviation, region);
  // The suffix the service adds after the name (`-pip` of a NAT gateway's address).
  const suffix = c.probed ? companionSuffix(c.probed, `${c.primary.type}/${named.argument}`) : '';
  if (name && suffix && name.endsWith(`-${suffix}`)) name = name.slice(0, -suffix.length - 1);
  // A suffix the probe did not show (written only with a connection: a scheduler's service
  // account `reconcile-sa`, shortened `rcncl-sa`; a private endpoint's `data-files` for its
  // target `files`): the component's own name is the words its resources' names share.
  for (const r of c.owned ?? []) {
    const text = r === c.primary ? undefined : nameText(r)?.text;
    const other = text ? readName(naming, text, c.abbreviation, region) : undefined;
    const shared = name && other ? sharedWords(name, other) : undefined;
    if (shared) name = shared;
  }
  return name?.slice(0, 40).replace(/-+$/, '') || undefined;
}

/** `pltfrm` could be `platform` shortened: its letters in order, the first the same. */
export const couldShorten = (short: string, name: string) => {
  const full = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  const cut = short.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (cut === '' || cut[0] !== full[0]) return false;
  let i = 0;
  for (const ch of full) if (ch === cut[i]) i++;
  return i === cut.length;
};

/**
 * The leading words of `other` that `name` shares, each the same or shortened from it (`data` of
 * `data-files` and `data-vault`; `reconcile` of `rcncl-sa` and `reconcile`), when `name` has
 * more words after them.
 */
function sharedWords(name: string, other: string): string | undefined {
  const x = name.split('-');
  const y = other.split('-');
  let n = 0;
  while (n < x.length && n < y.length && (x[n] === y[n] || couldShorten(x[n]!, y[n]!))) n++;
  return n > 0 && n < x.length ? y.slice(0, n).join('-') : undefined;
}

/** The text after the pattern's shape in a name the engine wrote for a service (`{type}`). */
function readName(
  naming: { readonly shape: string },
  text: string,
  abbreviation: string,
  region: string,
): string | undefined {
  const code = regionCode(region).toLowerCase();
  // The separators may be left out (a storage account's name has none).
  const source = naming.shape
    .split('-')
    .map((s) =>
      s === '{env}'
        ? escapeRe(ENV)
        : s === '{type}'
          ? escapeRe(abbreviation.toLowerCase())
          : s === '{region}'
            ? escapeRe(code)
            : escapeRe(s),
    )
    .join('-?');
  return new RegExp(`^${source}-?([a-z0-9][a-z0-9-]*)$`).exec(text)?.[1];
}

/**
 * What the probed name at `key` adds after the component's name: after the longest other name
 * of the probe it extends (`afdp` of `x-4cea1-afdp` beside `x-4cea1`, the hash the engine adds
 * to a global name without an owner being part of the name), else after the name `x` itself.
 */
export function companionSuffix(
  probed: ReadonlyMap<string, { readonly c: string }>,
  key: string,
): string {
  const unquoted = (c: string | undefined) => /^"([^"]*)"$/.exec(c ?? '')?.[1];
  const text = unquoted(probed.get(key)?.c);
  if (text === undefined) return '';
  let base: string | undefined;
  for (const [k, e] of probed) {
    const other = unquoted(e.c);
    if (k === key || other === undefined || !other.includes(ENV)) continue;
    if (text.startsWith(`${other}-`) && other.length > (base?.length ?? -1)) base = other;
  }
  if (base !== undefined) return text.slice(base.length + 1);
  const words = text.split('-');
  const at = words.lastIndexOf('x');
  return at === -1 ? '' : words.slice(at + 1).join('-');
}
