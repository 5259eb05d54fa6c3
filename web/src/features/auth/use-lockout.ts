import { LOCKOUT_MAX_FAILURES } from '@stratum/core/constants';
import { MSG } from '@stratum/core/messages';
import { useCallback, useEffect, useState } from 'react';
import { isLocked, lockFor, NO_LOCKOUT, recordFailure, secondsLeft, settle } from './lockout';

/** The sign-in form's lockout, re-checked every second while it is locked. */
export function useLockout() {
  const [state, setState] = useState(NO_LOCKOUT);
  const [now, setNow] = useState(() => Date.now());
  const isLockedNow = isLocked(state, now);

  useEffect(() => {
    if (state.lockedUntil === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      setState((s) => settle(s, current));
    }, 1000);
    return () => window.clearInterval(timer);
  }, [state.lockedUntil]);

  const fail = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setState((s) => recordFailure(s, current));
  }, []);
  const lock = useCallback((seconds: number | undefined) => {
    const current = Date.now();
    setNow(current);
    setState(lockFor(seconds, current));
  }, []);
  const reset = useCallback(() => setState(NO_LOCKOUT), []);

  return {
    failures: state.failures,
    isLocked: isLockedNow,
    secondsLeft: secondsLeft(state, now),
    /** 'Failed attempts: n/5', once there is at least one. */
    attemptsText: state.failures > 0 ? MSG.failedAttempts(state.failures) : null,
    fail,
    lock,
    reset,
    /** Whether one more failure locks the form. */
    isLastAttempt: state.failures + 1 >= LOCKOUT_MAX_FAILURES,
  };
}
