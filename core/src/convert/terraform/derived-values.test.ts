import { describe, expect, it } from 'vitest';
import { isJoinOf } from './derived-values';

describe('isJoinOf', () => {
  const run = 'resource.type="cloud_run_revision"';
  const fn = 'resource.type="cloud_function"';

  it('takes one derived text, or several joined by one separator, in any order', () => {
    expect(isJoinOf(run, [run])).toBe(true);
    expect(isJoinOf(`${run} OR ${run}`, [run])).toBe(true);
    expect(isJoinOf(`${fn} OR ${run} OR ${fn}`, [run, fn])).toBe(true);
  });

  it('refuses a text with anything of its own', () => {
    expect(isJoinOf(`${run} AND severity>=ERROR`, [run])).toBe(false);
    expect(isJoinOf(`${run} OR ${run} AND ${run}`, [run])).toBe(false);
    expect(isJoinOf('severity>=WARNING', [run])).toBe(false);
    expect(isJoinOf(run, [])).toBe(false);
  });
});
