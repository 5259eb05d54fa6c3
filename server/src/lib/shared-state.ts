import { Redis } from 'ioredis';

/**
 * What several server processes must share: windowed counters (throttles) and a broadcast
 * channel (cache invalidation, live updates). In-process without REDIS_URL; Redis with it.
 */
export interface SharedState {
  /** Adds one to `key` and answers the count within the window that started with the first hit. */
  hit(key: string, windowSeconds: number): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): void;
  close(): Promise<void>;
  /** The Redis client for libraries that take one (rate limiting), if any. */
  readonly redis: Redis | undefined;
}

export function createMemoryState(now: () => number = Date.now): SharedState {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const handlers = new Map<string, Set<(message: string) => void>>();
  const live = (key: string) => {
    const entry = counters.get(key);
    if (entry && entry.resetAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = setInterval(() => {
    for (const key of counters.keys()) live(key);
  }, 60_000);
  sweep.unref();
  return {
    redis: undefined,
    hit(key, windowSeconds) {
      const entry = live(key) ?? { count: 0, resetAt: now() + windowSeconds * 1000 };
      entry.count += 1;
      counters.set(key, entry);
      return Promise.resolve(entry.count);
    },
    count: (key) => Promise.resolve(live(key)?.count ?? 0),
    reset(key) {
      counters.delete(key);
      return Promise.resolve();
    },
    publish(channel, message) {
      for (const handler of handlers.get(channel) ?? []) handler(message);
      return Promise.resolve();
    },
    subscribe(channel, handler) {
      const set = handlers.get(channel) ?? new Set();
      set.add(handler);
      handlers.set(channel, set);
    },
    close() {
      clearInterval(sweep);
      return Promise.resolve();
    },
  };
}

export async function createRedisState(url: string, prefix = 'stratum:'): Promise<SharedState> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: true });
  await Promise.all([redis.connect(), subscriber.connect()]);
  const handlers = new Map<string, Set<(message: string) => void>>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const handler of handlers.get(channel.slice(prefix.length)) ?? []) handler(message);
  });
  return {
    redis,
    async hit(key, windowSeconds) {
      const [[, count]] = (await redis
        .multi()
        .incr(prefix + key)
        .expire(prefix + key, windowSeconds, 'NX')
        .exec()) as [[Error | null, number]];
      return count;
    },
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async publish(channel, message) {
      await redis.publish(prefix + channel, message);
    },
    subscribe(channel, handler) {
      const set = handlers.get(channel) ?? new Set();
      if (set.size === 0) void subscriber.subscribe(prefix + channel);
      set.add(handler);
      handlers.set(channel, set);
    },
    async close() {
      await Promise.all([redis.quit(), subscriber.quit()]);
    },
  };
}
