import { describe, expect, it } from 'vitest';
import { buildHunks, hunkHeader } from './hunks';
import { diffLines } from './line-diff';
import { buildSections, pairChanges, splitRows } from './view';
import { diffWords } from './word-diff';

const numbered = (n: number, edit: Record<number, string> = {}) =>
  Array.from({ length: n }, (_, i) => edit[i + 1] ?? `line ${i + 1}`).join('\n');

describe('sections of the views', () => {
  const diff = diffLines(numbered(40), numbered(40, { 20: 'changed' }));

  it('fold unchanged lines beyond the context into gaps that remember their position', () => {
    expect(buildSections(diff.ops, { context: 3 })).toEqual([
      { kind: 'gap', startOp: 0, endOp: 16, leftIndex: 0, rightIndex: 0 },
      { kind: 'lines', startOp: 16, endOp: 24 },
      { kind: 'gap', startOp: 24, endOp: 41, leftIndex: 23, rightIndex: 23 },
    ]);
  });

  it('unfold a gap on request, and show everything with an infinite context', () => {
    expect(buildSections(diff.ops, { context: 3, expanded: new Set([0]) })).toEqual([
      { kind: 'lines', startOp: 0, endOp: 24 },
      { kind: 'gap', startOp: 24, endOp: 41, leftIndex: 23, rightIndex: 23 },
    ]);
    expect(buildSections(diff.ops, { context: Infinity })).toEqual([
      { kind: 'lines', startOp: 0, endOp: 41 },
    ]);
  });

  it('never fold a single line', () => {
    const short = diffLines(numbered(7), numbered(7, { 4: 'x' }));
    expect(buildSections(short.ops, { context: 2 })).toEqual([
      { kind: 'lines', startOp: 0, endOp: 8 },
    ]);
  });

  it('agree with the patch’s hunks', () => {
    const [hunk] = buildHunks(diff.ops);
    expect(hunk).toMatchObject({ startOp: 16, endOp: 24 });
    expect(hunkHeader(hunk!)).toBe('@@ -17,7 +17,7 @@');
  });
});

describe('pairing and side-by-side rows', () => {
  const diff = diffLines('keep\nold 1\nold 2\nold 3\nkeep 2\n', 'keep\nnew 1\nkeep 2\nadded\n');

  it('pairs the i-th removed line with the i-th added one', () => {
    const ops = diff.ops.map((op) => op.type[0]).join('');
    expect(ops).toBe('edddiei');
    expect([...pairChanges(diff.ops)]).toEqual([-1, 4, -1, -1, 1, -1, -1]);
  });

  it('puts paired lines on one row and leaves the other cell empty otherwise', () => {
    expect(splitRows(diff.ops, 0, diff.ops.length)).toEqual([
      { left: 0, right: 0 },
      { left: 1, right: 4 },
      { left: 2, right: -1 },
      { left: 3, right: -1 },
      { left: 5, right: 5 },
      { left: -1, right: 6 },
    ]);
  });
});

describe('diffWords', () => {
  it('marks only the words that changed', () => {
    const { left, right } = diffWords(
      'resource "aws_s3_bucket" "logs" {',
      'resource "aws_s3_bucket" "audit_logs" {',
    );
    expect(left).toEqual([
      { text: 'resource "aws_s3_bucket" "', isChanged: false },
      { text: 'logs', isChanged: true },
      { text: '" {', isChanged: false },
    ]);
    expect(right.filter((s) => s.isChanged).map((s) => s.text)).toEqual(['audit_logs']);
  });

  it('joins changed words across a single space, and rebuilds both lines', () => {
    const { left, right, similarity } = diffWords('region = "eu-west-1"', 'zone = "us-east-2"');
    expect(left.map((s) => s.text).join('')).toBe('region = "eu-west-1"');
    expect(right.map((s) => s.text).join('')).toBe('zone = "us-east-2"');
    expect(similarity).toBeGreaterThan(0);
    expect(similarity).toBeLessThan(1);
    expect(diffWords('a b c', 'x y c').left[0]).toEqual({ text: 'a b', isChanged: true });
  });

  it('ignores case and spacing when asked', () => {
    const { right } = diffWords('Name:  value', 'name: value', {
      ignoreCase: true,
      ignoreWhitespace: true,
    });
    expect(right.every((s) => !s.isChanged)).toBe(true);
  });

  it('falls back to prefix and suffix on enormous lines without splitting an emoji', () => {
    const long = 'x '.repeat(3000);
    const { left, right } = diffWords(`${long}😀 end`, `${long}😃 end`);
    expect(left.find((s) => s.isChanged)?.text).toBe('😀');
    expect(right.find((s) => s.isChanged)?.text).toBe('😃');
  });
});
