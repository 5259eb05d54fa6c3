import { useEffect, useState } from 'react';

/** Seconds left until `until` (an ISO time), ticking each second; null once it has passed. */
export function useSecondsLeft(until: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  if (!until) return null;
  const left = Math.floor((new Date(until).getTime() - now) / 1000);
  return left > 0 ? left : null;
}

/** "12:05" */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
