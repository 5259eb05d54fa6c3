import { describe, expect, it } from 'vitest';
import { MSG } from '@stratum/core/messages';
import { isLocked, lockFor, NO_LOCKOUT, recordFailure, secondsLeft, settle } from './lockout';

describe('sign-in lockout', () => {
  it('locks for 300 s on the fifth failure, then resets the counter', () => {
    let state = NO_LOCKOUT;
    for (let i = 1; i <= 4; i += 1) {
      state = recordFailure(state, 0);
      expect(state.failures).toBe(i);
      expect(isLocked(state, 0)).toBe(false);
    }
    expect(MSG.failedAttempts(state.failures)).toBe('Failed attempts: 4/5');
    state = recordFailure(state, 1000);
    expect(isLocked(state, 1000)).toBe(true);
    expect(secondsLeft(state, 1000)).toBe(300);
    expect(isLocked(state, 300_999)).toBe(true);
    expect(settle(state, 300_999)).toBe(state);
    expect(settle(state, 301_000)).toEqual(NO_LOCKOUT);
  });

  it('follows the server when it reports a lock', () => {
    const state = lockFor(42, 10_000);
    expect(state.failures).toBe(5);
    expect(secondsLeft(state, 10_000)).toBe(42);
    expect(secondsLeft(lockFor(undefined, 0), 0)).toBe(300);
  });
});
