/**
 * The sparkle effect's rules (spec §4, §9): each burst makes 18 particles that rise and fade,
 * each living 900 to 1500 ms; at most 250 are kept, the oldest dropped first. Pure: time and
 * randomness come from the caller, so tests run on a fake clock.
 */
export const SPARKLE = {
  /** The global event that starts a burst (a CustomEvent, optionally with a position). */
  eventName: 'magic:sparkle',
  perBurst: 18,
  maxParticles: 250,
  minLifeMs: 900,
  maxLifeMs: 1500,
} as const;

/** Where a burst starts, in viewport pixels; without it the layer picks a place. */
export interface TSparklePosition {
  x: number;
  y: number;
}

export interface TParticle {
  x: number;
  y: number;
  /** Pixels per millisecond; `vy` is negative (the particle rises). */
  vx: number;
  vy: number;
  bornAt: number;
  lifeMs: number;
  size: number;
  hue: number;
}

/** One particle as drawn at a moment: where it is and how opaque (1 at birth, 0 at death). */
export interface TParticleFrame {
  x: number;
  y: number;
  size: number;
  hue: number;
  alpha: number;
}

export interface TSparkleField {
  /** Adds one burst of `SPARKLE.perBurst` particles at (x, y), dropping the oldest over the cap. */
  burst(position: TSparklePosition, now: number): void;
  /** Forgets particles whose life is over; returns how many remain. */
  prune(now: number): number;
  /** The living particles' positions and opacity at `now`. */
  frame(now: number): TParticleFrame[];
  readonly particles: readonly TParticle[];
}

/** Rising speed in px/ms: a particle climbs about 60 to 140 px over its life. */
const RISE = { min: 0.06, max: 0.1 };
const SPREAD = 0.08;
const HUES = [43, 48, 262, 199] as const; // amber, yellow, violet, sky: the app's accents

export function createSparkleField(random: () => number = Math.random): TSparkleField {
  let particles: TParticle[] = [];
  const between = (min: number, max: number) => min + random() * (max - min);
  return {
    get particles() {
      return particles;
    },
    burst({ x, y }, now) {
      for (let i = 0; i < SPARKLE.perBurst; i += 1) {
        particles.push({
          x: x + between(-12, 12),
          y: y + between(-6, 6),
          vx: between(-SPREAD, SPREAD),
          vy: -between(RISE.min, RISE.max),
          bornAt: now,
          lifeMs: Math.round(between(SPARKLE.minLifeMs, SPARKLE.maxLifeMs)),
          size: between(2, 4.5),
          hue: HUES[Math.floor(random() * HUES.length) % HUES.length]!,
        });
      }
      // Oldest first in the array, so the cap drops from the front.
      if (particles.length > SPARKLE.maxParticles)
        particles = particles.slice(particles.length - SPARKLE.maxParticles);
    },
    prune(now) {
      particles = particles.filter((p) => now - p.bornAt < p.lifeMs);
      return particles.length;
    },
    frame(now) {
      return particles
        .filter((p) => now - p.bornAt < p.lifeMs)
        .map((p) => {
          const age = Math.max(0, now - p.bornAt);
          const progress = age / p.lifeMs;
          return {
            x: p.x + p.vx * age,
            y: p.y + p.vy * age,
            size: p.size * (1 - progress * 0.5),
            hue: p.hue,
            alpha: 1 - progress,
          };
        });
    },
  };
}

/** Starts a burst anywhere in the app: `fireSparkle()` or `fireSparkle({ x, y })`. */
export function fireSparkle(position?: TSparklePosition): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(SPARKLE.eventName, { detail: position ?? null }));
}

/** The position carried by a 'magic:sparkle' event, when it has a usable one. */
export function positionOf(event: Event): TSparklePosition | null {
  const detail = (event as CustomEvent<unknown>).detail;
  if (typeof detail !== 'object' || detail === null) return null;
  const { x, y } = detail as Record<string, unknown>;
  return typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y)
    ? { x, y }
    : null;
}
