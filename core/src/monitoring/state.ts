/** A check's state: `pending` until its first verdict, then up or down. */
export type TCheckState = 'pending' | 'up' | 'down';

export interface CheckStateInput {
  state: TCheckState;
  /** Consecutive failed runs so far. */
  failStreak: number;
}

export interface CheckStateStep extends CheckStateInput {
  /** What alerts: up→down (after the retries) or down→up; null when nothing changed. */
  transition: 'down' | 'up' | null;
}

/**
 * The next state after one run. A failure turns a check down only once it has failed
 * `retries + 1` times in a row (Uptime Kuma's "retries before alerting"); one success brings it
 * back up. A new check's first success is no incident, so pending→up does not alert.
 */
export function nextCheckState(
  previous: CheckStateInput,
  isUp: boolean,
  retries: number,
): CheckStateStep {
  if (isUp) {
    return {
      state: 'up',
      failStreak: 0,
      transition: previous.state === 'down' ? 'up' : null,
    };
  }
  const failStreak = previous.failStreak + 1;
  if (previous.state === 'down') return { state: 'down', failStreak, transition: null };
  if (failStreak > retries) return { state: 'down', failStreak, transition: 'down' };
  return { state: previous.state, failStreak, transition: null };
}
