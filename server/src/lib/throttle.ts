import { MSG } from '@stratum/core/messages';
import { AppError } from './errors';
import type { SharedState } from './shared-state';

/**
 * At most `limit` calls per `windowSeconds` for `key` (a user id, say), across every process.
 * Per-route limits key on the client address; this keys on who is calling.
 */
export async function throttle(
  shared: SharedState,
  key: string,
  limit: number,
  windowSeconds = 60,
): Promise<void> {
  if ((await shared.hit(`throttle:${key}`, windowSeconds)) > limit) {
    throw new AppError('request/rate_limited', MSG.tooManyAttempts, {
      retryAfterSeconds: windowSeconds,
    });
  }
}
