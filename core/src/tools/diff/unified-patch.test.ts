import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffLines } from './line-diff';
import { joinLines } from './lines';
import { formatUnifiedPatch } from './unified-patch';

const seq = (from: number, to: number, map: (n: number) => string = String) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${map(from + i)}\n`).join('');

function patch(left: string, right: string, context?: number): string {
  return formatUnifiedPatch(diffLines(left, right), {
    leftName: 'l',
    rightName: 'r',
    ...(context === undefined ? {} : { context }),
  });
}

/**
 * A strict `patch -p1`: every header count, context and removed line is checked against the
 * text, so a malformed hunk fails instead of being applied loosely.
 */
function applyUnifiedPatch(original: string, unified: string): string {
  if (unified === '') return original;
  const lines = unified.split('\n');
  expect(lines.pop()).toBe('');
  expect(lines.shift()).toMatch(/^--- a\//);
  expect(lines.shift()).toMatch(/^\+\+\+ b\//);
  const source = original === '' ? [] : original.split(/(?<=\n)/);
  const out: string[] = [];
  let cursor = 0;
  while (lines.length > 0) {
    const header = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@$/.exec(lines.shift()!);
    expect(header, 'hunk header').not.toBeNull();
    const [, oldStart, oldCount = '1', newStart, newCount = '1'] = header!;
    const oldIndex = Number(oldCount) === 0 ? Number(oldStart) : Number(oldStart) - 1;
    expect(oldIndex).toBeGreaterThanOrEqual(cursor);
    out.push(...source.slice(cursor, oldIndex));
    expect(Number(newCount) === 0 ? Number(newStart) : Number(newStart) - 1).toBe(out.length);
    cursor = oldIndex;
    let seenOld = 0;
    let seenNew = 0;
    while (lines.length > 0 && !lines[0]!.startsWith('@@')) {
      const line = lines.shift()!;
      const noNewline = lines[0] === '\\ No newline at end of file';
      if (noNewline) lines.shift();
      const body = line.slice(1) + (noNewline ? '' : '\n');
      if (line[0] === ' ' || line[0] === '-') {
        expect(source[cursor]).toBe(body);
        cursor += 1;
        seenOld += 1;
      }
      if (line[0] === ' ' || line[0] === '+') {
        out.push(body);
        seenNew += 1;
      }
      expect(' -+').toContain(line[0]);
    }
    expect([seenOld, seenNew]).toEqual([Number(oldCount), Number(newCount)]);
  }
  out.push(...source.slice(cursor));
  return out.join('');
}

const text = fc
  .tuple(
    fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', '', 'x y'), { maxLength: 60 }),
    fc.boolean(),
  )
  .map(([lines, hasFinalNewline]) => joinLines({ lines, hasFinalNewline }));

describe('formatUnifiedPatch', () => {
  it('writes what GNU diff -u writes: merged hunks 6 lines apart, split 7 apart', () => {
    const left = seq(1, 20);
    expect(
      patch(
        left,
        seq(1, 20, (n) => ({ 5: 'five', 12: 'twelve' })[n] ?? String(n)),
      ),
    ).toBe(
      [
        '--- a/l',
        '+++ b/r',
        '@@ -2,14 +2,14 @@',
        ...' 2, 3, 4,-5,+five, 6, 7, 8, 9, 10, 11,-12,+twelve, 13, 14, 15'.split(','),
        '',
      ].join('\n'),
    );
    const split = patch(
      left,
      seq(1, 20, (n) => ({ 5: 'five', 13: 'thirteen' })[n] ?? String(n)),
    );
    expect(split.match(/^@@.*$/gm)).toEqual(['@@ -2,7 +2,7 @@', '@@ -10,7 +10,7 @@']);
  });

  it('writes GNU diff’s headers at the edges of the file', () => {
    const ends = patch(
      seq(1, 30),
      seq(1, 30, (n) => ({ 1: 'one', 15: 'fifteen', 30: 'thirty' })[n] ?? String(n)),
    );
    expect(ends.match(/^@@.*$/gm)).toEqual([
      '@@ -1,4 +1,4 @@',
      '@@ -12,7 +12,7 @@',
      '@@ -27,4 +27,4 @@',
    ]);
    expect(patch(seq(1, 10), seq(3, 10))).toBe(
      '--- a/l\n+++ b/r\n@@ -1,5 +1,3 @@\n-1\n-2\n 3\n 4\n 5\n',
    );
    expect(patch('x\n', 'y\n')).toBe('--- a/l\n+++ b/r\n@@ -1 +1 @@\n-x\n+y\n');
    expect(patch('', 'a\nb\nc\n')).toBe('--- a/l\n+++ b/r\n@@ -0,0 +1,3 @@\n+a\n+b\n+c\n');
    expect(patch('a\nb\nc\n', '')).toBe('--- a/l\n+++ b/r\n@@ -1,3 +0,0 @@\n-a\n-b\n-c\n');
  });

  it('marks a last line without a newline, on either side', () => {
    expect(patch('k\nl\nm', 'k\nL\nm')).toBe(
      '--- a/l\n+++ b/r\n@@ -1,3 +1,3 @@\n k\n-l\n+L\n m\n\\ No newline at end of file\n',
    );
    expect(patch('a\nb', 'a\nb\n')).toBe(
      '--- a/l\n+++ b/r\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n',
    );
  });

  it('is empty when nothing differs, and honours the context size', () => {
    expect(patch('same\n', 'same\n')).toBe('');
    expect(
      patch(
        seq(1, 9),
        seq(1, 9, (n) => (n === 5 ? 'five' : String(n))),
        1,
      ),
    ).toBe('--- a/l\n+++ b/r\n@@ -4,3 +4,3 @@\n 4\n-5\n+five\n 6\n');
  });

  it('applied to the left text, reproduces the right text exactly', () => {
    fc.assert(
      fc.property(text, text, fc.integer({ min: 0, max: 4 }), (left, right, context) => {
        expect(applyUnifiedPatch(left, patch(left, right, context))).toBe(right);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps CRLF line endings, so the patch applies to Windows files', () => {
    const left = 'a\r\nb\r\nc\r\n';
    const right = 'a\r\nB\r\nc\r\n';
    expect(patch(left, right)).toContain('-b\r\n+B\r\n');
    expect(applyUnifiedPatch(left, patch(left, right))).toBe(right);
  });
});
