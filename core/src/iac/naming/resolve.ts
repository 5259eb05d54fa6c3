import type { TNamingConvention } from './convention';
import type { TNameRule } from './rules';
import { BOUNDARY, shortenParts, visibleLength } from './shorten';

/** A name is text with the environment left open, so one configuration serves every env. */
export interface TEnvPart {
  readonly env: true;
  readonly upper: boolean;
}
export type TNamePart = string | TEnvPart;

export interface TNameTokens {
  readonly org: string;
  readonly project: string;
  readonly region: string;
  readonly type: string;
  readonly name: string;
  readonly instance: string;
}

export function renderName(parts: readonly TNamePart[], env: string): string {
  return parts.map((p) => (typeof p === 'string' ? p : p.upper ? env.toUpperCase() : env)).join('');
}

/** One piece of a pattern segment: a `{token}` or literal text. */
type TPatternPiece = { readonly token: string } | { readonly text: string };

/** Turns the pattern into parts: segments split on - _ . or space, empty ones dropped. */
const patternCache = new Map<string, TPatternPiece[][]>();
/** Segments of a pattern, each split into tokens and text (parsed once per pattern). */
function segmentsOf(pattern: string): TPatternPiece[][] {
  let cached = patternCache.get(pattern);
  if (!cached) {
    cached = pattern
      .split(/[-_. ]+/)
      .filter((s) => s.length > 0)
      .map((segment) =>
        segment
          .split(/(\{[a-z]+\})/)
          .filter((p) => p !== '')
          .map((piece) => {
            const token = /^\{([a-z]+)\}$/.exec(piece)?.[1];
            return token === undefined ? { text: piece } : { token };
          }),
      );
    if (patternCache.size < 1000) patternCache.set(pattern, cached);
  }
  return cached;
}

export function composeName(conv: TNamingConvention, tokens: TNameTokens): TNamePart[] {
  const segments = segmentsOf(conv.pattern);
  const applyCase = (s: string) =>
    conv.case === 'lower' ? s.toLowerCase() : conv.case === 'upper' ? s.toUpperCase() : s;
  const out: TNamePart[] = [];
  // A segment equal to the one before (`{type}-{name}` with a subnet named `snet`) is said once.
  let previous: string | undefined;
  for (const segment of segments) {
    const parts: TNamePart[] = [];
    for (const piece of segment) {
      if (!('token' in piece)) parts.push(applyCase(piece.text));
      else if (piece.token === 'env') parts.push({ env: true, upper: conv.case === 'upper' });
      else if (piece.token in tokens) {
        const value = tokens[piece.token as keyof TNameTokens];
        if (value) parts.push(applyCase(value));
      } else parts.push(applyCase(`{${piece.token}}`));
    }
    if (parts.length === 0) continue;
    const text = parts.every((p) => typeof p === 'string')
      ? parts.join('').toLowerCase()
      : undefined;
    if (text !== undefined && text === previous) continue;
    previous = text;
    if (out.length > 0 && conv.separator) out.push(conv.separator);
    out.push(...parts);
  }
  return mergeText(out);
}

function mergeText<T extends TFixPart>(parts: readonly T[]): T[] {
  const out: T[] = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if (typeof p === 'string' && typeof last === 'string') out[out.length - 1] = (last + p) as T;
    else if (p !== '') out.push(p);
  }
  return out;
}

/**
 * A companion's name: the node's name and a suffix, without repeating words the name already
 * ends with (`…-snet` + `snet` stays `…-snet`; `…-web` + `web-ig` becomes `…-web-ig`).
 */
export function appendSuffix(
  parts: readonly TNamePart[],
  sep: string,
  suffix: string,
): TNamePart[] {
  const last = parts[parts.length - 1];
  const tail = typeof last === 'string' ? wordsOf(last) : [];
  const head = wordsOf(suffix);
  for (let k = Math.min(tail.length, head.length); k > 0; k--) {
    if (tail.slice(-k).join('|') !== head.slice(0, k).join('|')) continue;
    const rest = suffix.replace(new RegExp(`^([^A-Za-z0-9]*[A-Za-z0-9]+){${k}}[^A-Za-z0-9]*`), '');
    return rest === '' ? [...parts] : mergeText([...parts, sep, rest]);
  }
  return mergeText([...parts, sep, suffix]);
}

const wordsOf = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');

/** Compiled character classes of a rule (naming runs for every node; regexes are reused). */
const compiled = new WeakMap<TNameRule, { allowed: RegExp; disallowed: RegExp; one: RegExp }>();
function regexesOf(rule: TNameRule) {
  let r = compiled.get(rule);
  if (!r) {
    r = {
      allowed: new RegExp(`[${rule.chars}]`, 'g'),
      disallowed: new RegExp(`[^${rule.chars}]`, 'g'),
      one: new RegExp(`^[${rule.chars}]$`),
    };
    compiled.set(rule, r);
  }
  return r;
}

/** What is wrong with one rendered name under a rule (empty: nothing). */
// Thousands of resources share a handful of rules and name shapes: remember the answers.
const MEMO_LIMIT = 50_000;
const checked = new WeakMap<TNameRule, Map<string, readonly string[]>>();
const fixed = new WeakMap<TNameRule, Map<string, readonly TFixPart[]>>();
const memoOf = <V>(memo: WeakMap<TNameRule, Map<string, V>>, rule: TNameRule) => {
  let m = memo.get(rule);
  if (!m || m.size > MEMO_LIMIT) {
    m = new Map();
    memo.set(rule, m);
  }
  return m;
};

export function checkName(name: string, rule: TNameRule): string[] {
  return [...nameProblems(name, rule)];
}

/** `checkName`'s remembered answer itself, not a copy: for callers that only read it. */
export function nameProblems(name: string, rule: TNameRule): readonly string[] {
  const memo = memoOf(checked, rule);
  let reasons = memo.get(name);
  if (!reasons) {
    reasons = checkNameUncached(name, rule);
    memo.set(name, reasons);
  }
  return reasons;
}

function checkNameUncached(name: string, rule: TNameRule): string[] {
  const reasons: string[] = [];
  if (name.length > rule.max) reasons.push(`longer than ${rule.max} characters (${name.length})`);
  if (name.length < rule.min) reasons.push(`shorter than ${rule.min} characters (${name.length})`);
  const bad = [...new Set(name.replace(regexesOf(rule).allowed, ''))];
  if (bad.length > 0) {
    reasons.push(`contains ${bad.map((c) => `'${c}'`).join(', ')}, allowed: ${rule.chars}`);
  }
  if (rule.case === 'lower' && name !== name.toLowerCase()) reasons.push('must be lowercase');
  if (rule.startsWithLetter && !/^[A-Za-z]/.test(name)) reasons.push('must start with a letter');
  if (rule.endsAlnum && !/[A-Za-z0-9]$/.test(name)) reasons.push('must end with a letter or digit');
  if (rule.noDoubleHyphen && name.includes('--')) reasons.push('must not contain "--"');
  return reasons;
}

/** An expression inside a name the engine cannot see into (`var.project_id`), `length` reserved. */
export interface TOpaquePart {
  readonly opaque: number;
  readonly length: number;
}
export type TFixPart = TNamePart | TOpaquePart;

const isEnvPart = (p: TFixPart): p is TEnvPart => typeof p !== 'string' && 'env' in p;

/**
 * Makes the parts satisfy the rule whatever the environment: case, characters, first character,
 * length (the longest environment name is reserved; words are abbreviated or dropped before
 * anything is cut), last character, minimum length.
 */
export function fixName(
  parts: readonly TNamePart[],
  rule: TNameRule,
  longestEnv: number,
): TNamePart[];
export function fixName(
  parts: readonly TFixPart[],
  rule: TNameRule,
  longestEnv: number,
): TFixPart[];
export function fixName(
  parts: readonly TFixPart[],
  rule: TNameRule,
  longestEnv: number,
): TFixPart[] {
  const key = `${longestEnv}\u0000${parts.map(partKey).join('\u0000')}`;
  const memo = memoOf(fixed, rule);
  let out = memo.get(key);
  if (!out) {
    out = fixNameUncached(parts, rule, longestEnv);
    memo.set(key, out);
  }
  return [...out];
}

/** A part in a memo key: text as is, the others as control characters no name contains. */
const partKey = (p: TFixPart): string =>
  typeof p === 'string'
    ? p
    : isEnvPart(p)
      ? p.upper
        ? '\u0001E'
        : '\u0001e'
      : `\u0002${p.opaque}:${p.length}`;

function fixNameUncached(
  parts: readonly TFixPart[],
  rule: TNameRule,
  longestEnv: number,
): TFixPart[] {
  const { disallowed, one } = regexesOf(rule);
  // `a-z0-9` contains a hyphen as a range, not as an allowed character.
  const hyphenOk = one.test('-');
  let out = mergeText(
    parts.map((p): TFixPart => {
      if (typeof p !== 'string')
        return isEnvPart(p) && rule.case === 'lower' ? { env: true, upper: false } : p;
      let s = rule.case === 'lower' ? p.toLowerCase() : p;
      // A separator the rule refuses becomes a zero-width word boundary until shortening is done.
      s = s.replace(/[-_. ]/g, (c) => (one.test(c) ? c : hyphenOk ? '-' : BOUNDARY));
      s = s
        .split(BOUNDARY)
        .map((x) => x.replace(disallowed, ''))
        .join(BOUNDARY);
      if (rule.noDoubleHyphen) s = s.replace(/-{2,}/g, '-');
      return s;
    }),
  );
  const first = out[0];
  if (rule.startsWithLetter && typeof first === 'string' && !/^[A-Za-z]/.test(first)) {
    out[0] = (rule.case === 'lower' ? 'x' : 'X') + first.replace(/^[^A-Za-z0-9]+/, '');
  }
  const lengthOf = (p: TFixPart) =>
    typeof p === 'string' ? visibleLength(p) : isEnvPart(p) ? longestEnv : p.length;
  const excess = out.reduce((n, p) => n + lengthOf(p), 0) - rule.max;
  if (excess > 0) out = mergeText(shortenParts(out, excess));
  out = out.map((p) => (typeof p === 'string' ? p.split(BOUNDARY).join('') : p));
  if (rule.noDoubleHyphen)
    out = out.map((p) => (typeof p === 'string' ? p.replace(/-{2,}/g, '-') : p));
  const last = out[out.length - 1];
  if (rule.endsAlnum && typeof last === 'string')
    out[out.length - 1] = last.replace(/[^A-Za-z0-9]+$/, '');
  const total = out.reduce((n, p) => n + (typeof p === 'string' ? p.length : 0), 0);
  const minimum = rule.min - out.filter((p) => typeof p !== 'string').length;
  if (total < minimum) out.push('0'.repeat(minimum - total));
  return mergeText(out.filter((p) => p !== ''));
}

/** A short stable hash (FNV-1a, base 36) used to make global names unique per design. */
export function shortHash(input: string, length = 5): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36).padStart(length, '0').slice(-length);
}

const AZURE_REGION_CODES: Readonly<Record<string, string>> = {
  eastus: 'eus',
  eastus2: 'eus2',
  westus: 'wus',
  westus2: 'wus2',
  westus3: 'wus3',
  centralus: 'cus',
  northeurope: 'neu',
  westeurope: 'weu',
  uksouth: 'uks',
  ukwest: 'ukw',
  germanywestcentral: 'gwc',
  francecentral: 'frc',
  swedencentral: 'sdc',
  southeastasia: 'sea',
  eastasia: 'ea',
  japaneast: 'jpe',
  australiaeast: 'aue',
  canadacentral: 'cac',
  brazilsouth: 'brs',
  centralindia: 'inc',
};

/** `us-east-1` -> `use1`, `europe-west1` -> `ew1`, `westeurope` -> `weu`. */
export function regionCode(region: string): string {
  const azure = AZURE_REGION_CODES[region];
  if (azure) return azure;
  const segments = region.split('-');
  if (segments.length === 1) return region;
  return segments
    .map((s, i) => {
      const digits = s.replace(/\D/g, '');
      const letters = s.replace(/\d/g, '');
      return (i === 0 && letters.length <= 2 ? letters : letters.slice(0, 1)) + digits;
    })
    .join('');
}
