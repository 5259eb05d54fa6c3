import { describe, expect, it } from 'vitest';
import { formatBytes, parseParams } from './format';

describe('query parameters box', () => {
  it('keeps numbers, text, booleans and null apart', () => {
    expect(parseParams('')).toEqual({ params: [] });
    expect(parseParams(' [10, "10", true, null] ')).toEqual({ params: [10, '10', true, null] });
  });

  it('says what is wrong with anything else', () => {
    expect(parseParams('10, 20').error).toMatch(/not valid JSON/);
    expect(parseParams('{"a": 1}').error).toMatch(/must be an array/);
    expect(parseParams('[[1]]').error).toMatch(/must be an array/);
  });
});

describe('sizes', () => {
  it('reads in the largest whole unit', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(7_789_927)).toBe('7.4 MB');
  });
});
