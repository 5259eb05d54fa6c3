import { LOCKOUT_MAX_FAILURES, LOCKOUT_SECONDS } from '@stratum/core/constants';

/** §4 "Sign-in lockout": after 5 failed attempts the form locks for 300 s, then resets. */
export interface LockoutState {
  failures: number;
  /** Epoch milliseconds, or null when not locked. */
  lockedUntil: number | null;
}

export const NO_LOCKOUT: LockoutState = { failures: 0, lockedUntil: null };

export function recordFailure(state: LockoutState, now: number): LockoutState {
  const failures = Math.min(state.failures + 1, LOCKOUT_MAX_FAILURES);
  return failures >= LOCKOUT_MAX_FAILURES
    ? { failures, lockedUntil: now + LOCKOUT_SECONDS * 1000 }
    : { failures, lockedUntil: null };
}

/** The server said the account is locked: lock the form for as long as it says. */
export function lockFor(seconds: number | undefined, now: number): LockoutState {
  return { failures: LOCKOUT_MAX_FAILURES, lockedUntil: now + (seconds ?? LOCKOUT_SECONDS) * 1000 };
}

/** When the lock has run out the counter starts again from zero. */
export function settle(state: LockoutState, now: number): LockoutState {
  return state.lockedUntil !== null && state.lockedUntil <= now ? NO_LOCKOUT : state;
}

export function isLocked(state: LockoutState, now: number): boolean {
  return state.lockedUntil !== null && state.lockedUntil > now;
}

export function secondsLeft(state: LockoutState, now: number): number {
  return state.lockedUntil === null ? 0 : Math.max(0, Math.ceil((state.lockedUntil - now) / 1000));
}
