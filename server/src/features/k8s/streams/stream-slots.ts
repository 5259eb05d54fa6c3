import { K8S_LIMITS } from '@stratum/core/contract/k8s/cluster';
import { AppError } from '../../../lib/errors';

/**
 * Open watch and log streams and exec sockets per user, together. Counted per server process:
 * a shared counter would need a lease per stream to survive a process that dies holding slots,
 * so with N processes a user can hold at most N × the limit.
 */
export class StreamSlots {
  private readonly open = new Map<string, number>();

  constructor(private readonly limit: number = K8S_LIMITS.streamsPerUser) {}

  /** Takes a slot or throws a 429; the answer releases it (any number of calls, once counted). */
  acquire(userId: string): () => void {
    const count = this.open.get(userId) ?? 0;
    if (count >= this.limit) {
      throw new AppError(
        'request/rate_limited',
        `Too many open streams: at most ${this.limit} watch, log and exec streams per user. Close one (another tab or terminal) and try again.`,
      );
    }
    this.open.set(userId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(userId) ?? 1) - 1;
      if (left <= 0) this.open.delete(userId);
      else this.open.set(userId, left);
    };
  }

  count(userId: string): number {
    return this.open.get(userId) ?? 0;
  }
}
