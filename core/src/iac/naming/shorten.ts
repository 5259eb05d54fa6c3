/**
 * Shortens a name by whole words, the way a person would: first abbreviate the longest words
 * (`secrets` -> `scrts`), then drop whole words from the middle (never the first or the last,
 * which tell the reader what and which), and only then cut from the end. Non-text parts (the
 * environment, opaque expressions) are never touched; their length is already in `excess`.
 */
const WORD = /^[A-Za-z0-9]/;

/** A word boundary that takes no room: a separator the rule refuses, kept while shortening. */
export const BOUNDARY = '\u0000';
export const visibleLength = (s: string): number => s.split(BOUNDARY).join('').length;

/** Drops the vowels after the first letter: a readable abbreviation of a long word. */
export function abbreviateWord(word: string): string {
  if (word.length < 5) return word;
  const short = word[0]! + word.slice(1).replace(/[aeiouAEIOU]/g, '');
  return short.length >= 2 ? short : word;
}

export function shortenParts<T>(parts: readonly (string | T)[], excess: number): (string | T)[] {
  const tokens = parts.map((p) =>
    typeof p === 'string' ? (p.match(/[A-Za-z0-9]+|[^A-Za-z0-9]+/g) ?? []) : p,
  );
  const words: [number, number][] = [];
  tokens.forEach((t, i) => {
    if (Array.isArray(t)) t.forEach((s: string, j) => WORD.test(s) && words.push([i, j]));
  });
  const at = ([i, j]: [number, number]) => (tokens[i] as string[])[j]!;
  const set = ([i, j]: [number, number], s: string) => ((tokens[i] as string[])[j] = s);

  // 1. Abbreviate, longest word first (the leftmost of equals), until the name fits.
  const tried = new Set<[number, number]>();
  const abbreviated: { word: [number, number]; original: string }[] = [];
  while (excess > 0) {
    let best: [number, number] | undefined;
    for (const w of words) {
      if (tried.has(w) || abbreviateWord(at(w)) === at(w)) continue;
      if (!best || at(w).length > at(best).length) best = w;
    }
    if (!best) break;
    tried.add(best);
    const short = abbreviateWord(at(best));
    excess -= at(best).length - short.length;
    abbreviated.push({ word: best, original: at(best) });
    set(best, short);
  }
  // 2. Drop whole middle words with one separator, shortest first (counters and codes such
  // as `01` or `ew1` say less than a component's name), the leftmost of equals first.
  const middle = words
    .slice(1, -1)
    .map((w, k) => ({ w, k }))
    .sort((a, b) => at(a.w).length - at(b.w).length || a.k - b.k);
  for (const { w } of middle) {
    if (excess <= 0) break;
    const [i, j] = w;
    const list = tokens[i] as string[];
    excess -= list[j]!.length;
    list[j] = '';
    const sep = j > 0 && list[j - 1] !== '' && !WORD.test(list[j - 1]!) ? j - 1 : j + 1;
    if (sep < list.length && list[sep] !== '' && !WORD.test(list[sep]!)) {
      excess -= visibleLength(list[sep]!);
      list[sep] = '';
    }
  }
  // Dropping may free more than needed: spell out abbreviated words again, the last first.
  for (const { word, original } of abbreviated.reverse()) {
    const gain = original.length - at(word).length;
    if (at(word) === '' || gain > -excess) continue;
    excess += gain;
    set(word, original);
  }
  const out = tokens.map<string | T>((t) => (Array.isArray(t) ? (t as string[]).join('') : t));
  // 3. Last resort: cut from the end.
  for (let i = out.length - 1; i >= 0 && excess > 0; i--) {
    const p = out[i];
    if (typeof p !== 'string') continue;
    const text = p.split(BOUNDARY).join('');
    const cut = Math.min(excess, text.length);
    out[i] = text.slice(0, text.length - cut);
    excess -= cut;
  }
  return out;
}
