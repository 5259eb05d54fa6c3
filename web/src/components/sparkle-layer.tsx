import { useEffect, useRef, useState } from 'react';
import {
  createSparkleField,
  positionOf,
  SPARKLE,
  type TSparkleField,
  type TSparklePosition,
} from './sparkle';

export interface SparkleLayerProps {
  /** Tests pass their own field and clock; the app uses a random field and performance.now(). */
  field?: TSparkleField;
  now?: () => number;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** With reduced motion asked for, a burst draws nothing (the success toast says it already). */
function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

/** Without a position: the middle of the control that has focus (the one just used), else the viewport's. */
function defaultPosition(): TSparklePosition {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) {
    const box = active.getBoundingClientRect();
    if (box.width > 0 && box.height > 0)
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  }
  return { x: window.innerWidth / 2, y: window.innerHeight * 0.4 };
}

function draw(canvas: HTMLCanvasElement, field: TSparkleField, now: number): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  const ratio = window.devicePixelRatio || 1;
  const width = Math.round(window.innerWidth * ratio);
  const height = Math.round(window.innerHeight * ratio);
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, window.innerWidth, window.innerHeight);
  for (const p of field.frame(now)) {
    // A four-pointed star: a spark rather than a dot.
    context.globalAlpha = p.alpha;
    context.fillStyle = `hsl(${p.hue} 95% 55%)`;
    context.beginPath();
    context.moveTo(p.x, p.y - p.size * 2);
    context.lineTo(p.x + p.size * 0.5, p.y - p.size * 0.5);
    context.lineTo(p.x + p.size * 2, p.y);
    context.lineTo(p.x + p.size * 0.5, p.y + p.size * 0.5);
    context.lineTo(p.x, p.y + p.size * 2);
    context.lineTo(p.x - p.size * 0.5, p.y + p.size * 0.5);
    context.lineTo(p.x - p.size * 2, p.y);
    context.lineTo(p.x - p.size * 0.5, p.y - p.size * 0.5);
    context.closePath();
    context.fill();
  }
}

/**
 * The sparkle effect (§2, §4) on the global 'magic:sparkle' event, mounted once in the signed-in
 * app. Its canvas exists only while particles live, covers the viewport, takes no pointer events
 * and is hidden from assistive technology (decoration only).
 */
export function SparkleLayer({ field: given, now = () => performance.now() }: SparkleLayerProps) {
  const [field] = useState(() => given ?? createSparkleField());
  const clock = useRef(now);
  clock.current = now;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [isActive, setActive] = useState(false);

  useEffect(() => {
    const onSparkle = (event: Event) => {
      if (prefersReducedMotion()) return;
      field.burst(positionOf(event) ?? defaultPosition(), clock.current());
      setActive(true);
    };
    window.addEventListener(SPARKLE.eventName, onSparkle);
    return () => window.removeEventListener(SPARKLE.eventName, onSparkle);
  }, [field]);

  useEffect(() => {
    if (!isActive) return;
    let frame = 0;
    const tick = () => {
      const time = clock.current();
      if (field.prune(time) === 0) {
        setActive(false);
        return;
      }
      if (canvasRef.current) draw(canvasRef.current, field, time);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [isActive, field]);

  if (!isActive) return null;
  return (
    <canvas
      ref={canvasRef}
      aria-hidden="true"
      data-testid="sparkle-layer"
      className="pointer-events-none fixed inset-0 z-[70] h-full w-full"
    />
  );
}
