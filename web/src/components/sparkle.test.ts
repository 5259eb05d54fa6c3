import { describe, expect, it } from 'vitest';
import { createSparkleField, positionOf, SPARKLE } from './sparkle';

/** A repeatable stand-in for Math.random. */
function seeded(seed = 1): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return (state - 1) / 2147483646;
  };
}

describe('sparkle field (§4, §9)', () => {
  it('makes 18 particles per burst, each living 900 to 1500 ms', () => {
    const field = createSparkleField(seeded());
    field.burst({ x: 100, y: 200 }, 0);
    expect(field.particles).toHaveLength(18);
    for (const p of field.particles) {
      expect(p.lifeMs).toBeGreaterThanOrEqual(900);
      expect(p.lifeMs).toBeLessThanOrEqual(1500);
    }
  });

  it('uses the extremes of the life range when the randomness does', () => {
    const shortest = createSparkleField(() => 0);
    shortest.burst({ x: 0, y: 0 }, 0);
    const longest = createSparkleField(() => 0.999_999);
    longest.burst({ x: 0, y: 0 }, 0);
    expect(new Set(shortest.particles.map((p) => p.lifeMs))).toEqual(new Set([900]));
    expect(new Set(longest.particles.map((p) => p.lifeMs))).toEqual(new Set([1500]));
  });

  it('keeps at most 250 particles, dropping the oldest', () => {
    const field = createSparkleField(seeded());
    for (let i = 0; i < 14; i += 1) field.burst({ x: i, y: 0 }, i * 10); // 14 × 18 = 252
    expect(field.particles).toHaveLength(SPARKLE.maxParticles);
    // The first burst's two oldest particles are the ones gone.
    expect(field.particles.filter((p) => p.bornAt === 0)).toHaveLength(16);
    expect(field.particles.at(-1)!.bornAt).toBe(130);
  });

  it('particles rise and fade, and are gone once their life is over (fake clock)', () => {
    const field = createSparkleField(seeded(7));
    field.burst({ x: 300, y: 300 }, 1000);
    const start = field.frame(1000);
    const later = field.frame(1800);
    expect(start.every((p) => p.alpha === 1)).toBe(true);
    expect(later.length).toBeGreaterThan(0);
    for (const p of later) {
      expect(p.alpha).toBeLessThan(1);
      expect(p.y).toBeLessThan(300 + 6); // started within 6 px of y, and only climbs
    }
    expect(field.prune(1000 + 899)).toBe(18);
    expect(field.prune(1000 + 1500)).toBe(0);
    expect(field.frame(2500)).toEqual([]);
  });

  it('prunes each particle at the end of its own life', () => {
    const field = createSparkleField(seeded(3));
    field.burst({ x: 0, y: 0 }, 0);
    const lives = field.particles.map((p) => p.lifeMs).sort((a, b) => a - b);
    const middle = lives[9]!;
    expect(field.prune(middle)).toBe(lives.filter((life) => life > middle).length);
  });
});

describe('positionOf', () => {
  it('reads a finite x and y from the event, and nothing else', () => {
    const make = (detail: unknown) => new CustomEvent(SPARKLE.eventName, { detail });
    expect(positionOf(make({ x: 4, y: 5 }))).toEqual({ x: 4, y: 5 });
    expect(positionOf(make(null))).toBeNull();
    expect(positionOf(make({ x: '4', y: 5 }))).toBeNull();
    expect(positionOf(make({ x: Number.NaN, y: 5 }))).toBeNull();
    expect(positionOf(new Event(SPARKLE.eventName))).toBeNull();
  });
});
