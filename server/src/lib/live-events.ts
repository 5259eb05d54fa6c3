import { ZLiveEvent, type TLiveEvent } from '@stratum/core/contract/live/events';
import type { SharedState } from './shared-state';

/** The one SharedState channel live events travel on (Redis pub/sub with REDIS_URL). */
const CHANNEL = 'live-events';

interface Envelope {
  userIds: string[];
  event: TLiveEvent;
}

type Listener = (event: TLiveEvent) => void;

/**
 * Pushes events to users' live sockets on every server process. A feature publishes to user
 * ids; each process delivers to the sockets it holds for those users. Without REDIS_URL the
 * SharedState is in-process, so publishing reaches this process only, which is all there is.
 */
export class LiveEvents {
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(private readonly shared: SharedState) {
    shared.subscribe(CHANNEL, (message) => this.deliver(message));
  }

  /** Sends `event` to every live socket of `userIds`, on any process. Never throws. */
  async publishToUsers(userIds: string[], event: TLiveEvent): Promise<void> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return;
    try {
      await this.shared.publish(CHANNEL, JSON.stringify({ userIds: unique, event }));
    } catch {
      // A live push is a courtesy on top of the saved change; polling is the fallback.
    }
  }

  /** Calls `listener` with every event for `userId` until the returned function is called. */
  subscribe(userId: string, listener: Listener): () => void {
    const set = this.listeners.get(userId) ?? new Set();
    set.add(listener);
    this.listeners.set(userId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId);
    };
  }

  /** How many users on this process have a listener (for tests and metrics). */
  get listenedUsers(): number {
    return this.listeners.size;
  }

  private deliver(message: string): void {
    let envelope: Envelope;
    try {
      const raw = JSON.parse(message) as Partial<Envelope>;
      const event = ZLiveEvent.safeParse(raw.event);
      if (!event.success || !Array.isArray(raw.userIds)) return;
      envelope = { userIds: raw.userIds.filter((id) => typeof id === 'string'), event: event.data };
    } catch {
      return;
    }
    for (const userId of envelope.userIds) {
      for (const listener of this.listeners.get(userId) ?? []) {
        try {
          listener(envelope.event);
        } catch {
          // One broken socket must not stop delivery to the others.
        }
      }
    }
  }
}

/** One LiveEvents per SharedState, so every feature of a process shares the subscription. */
const perState = new WeakMap<SharedState, LiveEvents>();

export function liveEvents(shared: SharedState): LiveEvents {
  let live = perState.get(shared);
  if (!live) {
    live = new LiveEvents(shared);
    perState.set(shared, live);
  }
  return live;
}

/** Publishes `event` to `userIds` on every process sharing `shared`. Never throws. */
export function publishToUsers(
  shared: SharedState,
  userIds: string[],
  event: TLiveEvent,
): Promise<void> {
  return liveEvents(shared).publishToUsers(userIds, event);
}

export type { TLiveEvent as LiveEvent };
