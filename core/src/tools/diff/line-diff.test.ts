import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffLines, isIdentical, type LineDiff, type TLineOp } from './line-diff';
import { joinLines, lineEndings, splitLines } from './lines';

/** Applies the edit script to the left text: kept lines from the left, inserted from the right. */
function applyOps(diff: LineDiff): string[] {
  return diff.ops.flatMap((op: TLineOp) => {
    if (op.type === 'delete') return [];
    if (op.type === 'insert') return [diff.right.lines[op.right]!];
    return [diff.left.lines[op.left]!];
  });
}

/** Longest common subsequence length, by dynamic programming (the slow, obviously right way). */
function lcsLength(a: string[], b: string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const row = [0];
    b.forEach((y, j) => row.push(x === y ? previous[j]! + 1 : Math.max(previous[j + 1]!, row[j]!)));
    previous = row;
  }
  return previous[b.length]!;
}

/** Texts from a few distinct lines, so that matches, moves and repeats are common. */
const text = fc
  .tuple(
    fc.array(fc.constantFrom('a', 'b', 'c', 'd', '', '  a', 'A', '}'), { maxLength: 40 }),
    fc.boolean(),
  )
  .map(([lines, hasFinalNewline]) => joinLines({ lines, hasFinalNewline }));

describe('diffLines', () => {
  it('gives a script that turns the left into the right, line for line', () => {
    fc.assert(
      fc.property(text, text, (left, right) => {
        const diff = diffLines(left, right);
        expect(applyOps(diff)).toEqual(splitLines(right).lines);
        for (const op of diff.ops) {
          if (op.type === 'equal') {
            expect(diff.left.lines[op.left]).toBe(diff.right.lines[op.right]);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps as many lines as possible (a shortest edit script)', () => {
    fc.assert(
      fc.property(text, text, (left, right) => {
        const diff = diffLines(left, right);
        // The last line differs from the same text with a line break after it.
        const key = (s: string) =>
          splitLines(s).lines.map((l, i, all) =>
            i === all.length - 1 && !s.endsWith('\n') ? l : `${l}\n`,
          );
        expect(diff.stats.unchanged).toBe(lcsLength(key(left), key(right)));
      }),
      { numRuns: 500 },
    );
  });

  it('stays correct when the cost limit forces the fast, non-minimal split', () => {
    fc.assert(
      fc.property(text, text, (left, right) => {
        const diff = diffLines(left, right, { costLimit: 1 });
        expect(applyOps(diff)).toEqual(splitLines(right).lines);
      }),
      { numRuns: 500 },
    );
  });

  it('with whitespace and case ignored, matches lines that differ only in those', () => {
    fc.assert(
      fc.property(text, text, (left, right) => {
        const diff = diffLines(left, right, { ignoreWhitespace: true, ignoreCase: true });
        const norm = (line: string) => line.replace(/\s+/g, '').toLowerCase();
        expect(applyOps(diff).map(norm)).toEqual(splitLines(right).lines.map(norm));
      }),
    );
    const diff = diffLines('Hello  world\r\nsecond\n', 'hello world\nSECOND', {
      ignoreWhitespace: true,
      ignoreCase: true,
    });
    expect(isIdentical(diff)).toBe(true);
    expect(isIdentical(diffLines('a\nb\n', 'a\nb\n'))).toBe(true);
  });

  it('counts added, removed and changed lines; a replaced line counts once as changed', () => {
    const diff = diffLines('one\ntwo\nthree\nfour\n', 'one\n2\nthree\nfour\nfive\nsix\n');
    expect(diff.stats).toEqual({ added: 2, removed: 0, changed: 1, unchanged: 3 });
    expect(diffLines('a\nb\nc\n', 'c\n').stats).toEqual({
      added: 0,
      removed: 2,
      changed: 0,
      unchanged: 1,
    });
  });

  it('sees a missing newline at the end, and CRLF against LF', () => {
    expect(diffLines('a\nb', 'a\nb\n').stats).toMatchObject({ changed: 1, unchanged: 1 });
    expect(diffLines('a\r\n', 'a\n').stats).toMatchObject({ changed: 1 });
    expect(lineEndings(splitLines('a\r\nb\r\n'))).toBe('CRLF');
    expect(lineEndings(splitLines('a\r\nb\n'))).toBe('mixed');
    expect(lineEndings(splitLines('a\nb'))).toBe('LF');
    expect(lineEndings(splitLines('a'))).toBe('none');
  });
});

describe('diffLines on 10,000-line files: work stays far below quadratic', () => {
  const N = 10_000;
  const quadratic = N * N;
  // A small deterministic generator, so the figures below do not move between runs.
  function random(seed: number) {
    let state = seed;
    return () => {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      return state / 2 ** 32;
    };
  }
  const numbered = Array.from({ length: N }, (_, i) => `line ${i}: resource "aws_s3_bucket" {`);

  it('a few edits cost about a linear pass', () => {
    const next = random(1);
    const right = numbered.map((line) => (next() < 0.01 ? `${line} // edited` : line));
    const diff = diffLines(numbered.join('\n'), right.join('\n'));
    expect(diff.stats.changed).toBeGreaterThan(50);
    expect(diff.operations).toBeLessThan(5 * N);
  });

  it('two unrelated files cost a linear pass (lines the other side lacks are set aside)', () => {
    const other = numbered.map((line) => line.toUpperCase());
    const diff = diffLines(numbered.join('\n'), other.join('\n'));
    expect(diff.stats.changed).toBe(N);
    expect(diff.operations).toBeLessThan(3 * N);
  });

  it('the worst case, a shuffle of few distinct lines, is capped by the cost limit', () => {
    const next = random(7);
    const lines = (seed: () => number) =>
      Array.from({ length: N }, () => ['{', '}', '', '  enabled = true'][Math.floor(seed() * 4)]!);
    const left = lines(next);
    const right = lines(next);
    const diff = diffLines(left.join('\n'), right.join('\n'));
    expect(applyOps(diff)).toEqual(right);
    // Without the limit: about 3.1e7.
    expect(diff.operations).toBeLessThan(quadratic / 5);
  });

  it('a file against itself reversed (every line common, one match possible) is capped too', () => {
    const reversed = [...numbered].reverse();
    const diff = diffLines(numbered.join('\n'), reversed.join('\n'));
    expect(applyOps(diff)).toEqual(reversed);
    // Without the limit: N² = 1e8.
    expect(diff.operations).toBeLessThan(quadratic / 5);
  });

  it('many scattered edits on both sides stay well under quadratic', () => {
    const next = random(3);
    const right = numbered.flatMap((line) => {
      const roll = next();
      if (roll < 0.1) return [];
      if (roll < 0.2) return [`${line} changed`];
      if (roll < 0.3) return [line, `inserted ${roll}`];
      return [line];
    });
    const diff = diffLines(numbered.join('\n'), right.join('\n'));
    expect(applyOps(diff)).toEqual(right);
    expect(diff.operations).toBeLessThan(10 * N);
  });
});
