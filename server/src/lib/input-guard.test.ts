import { describe, expect, it } from 'vitest';
import { findUnstorableText, isNestedDeeperThan } from './input-guard';

describe('isNestedDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings or after escaped quotes', () => {
    expect(isNestedDeeperThan('[[[1]]]', 3)).toBe(false);
    expect(isNestedDeeperThan('[[[[1]]]]', 3)).toBe(true);
    expect(isNestedDeeperThan('{"a":{"b":{"c":{}}}}', 3)).toBe(true);
    expect(isNestedDeeperThan(`{"a":"${'['.repeat(100)}"}`, 3)).toBe(false);
    expect(isNestedDeeperThan(`{"a":"\\"${'{'.repeat(100)}"}`, 3)).toBe(false);
    expect(isNestedDeeperThan(`{"a":"\\\\","b":${'['.repeat(4)}]]]]}`, 3)).toBe(true);
  });

  it('stays linear on a megabyte of nesting', () => {
    const started = performance.now();
    expect(isNestedDeeperThan('['.repeat(1_000_000), 64)).toBe(true);
    expect(isNestedDeeperThan(`"${'['.repeat(1_000_000)}"`, 64)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('findUnstorableText', () => {
  it('names the path of the first NUL or lone surrogate, in keys or values', () => {
    expect(findUnstorableText({ a: ['ok', { b: 'x\u0000' }] })).toEqual(['a', '1', 'b']);
    expect(findUnstorableText({ meta: { 'k\ud800': 1 } })).toEqual(['meta', 'k?']);
    expect(findUnstorableText({ a: '🙂 שלום', n: 1, z: null })).toBeUndefined();
    expect(findUnstorableText('\udc00')).toEqual([]);
  });
});
