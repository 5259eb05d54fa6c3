import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSparkleField, fireSparkle, SPARKLE } from './sparkle';
import { SparkleLayer } from './sparkle-layer';

function reducedMotion(isReduced: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: isReduced && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('SparkleLayer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    // jsdom has no 2D canvas; the layer then keeps time without drawing.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    reducedMotion(false);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows a decorative layer on the global event and removes it when the particles die', () => {
    const field = createSparkleField(() => 0.5);
    render(<SparkleLayer field={field} />);
    expect(screen.queryByTestId('sparkle-layer')).toBeNull();

    act(() => fireSparkle({ x: 40, y: 50 }));
    const layer = screen.getByTestId('sparkle-layer');
    expect(layer).toHaveAttribute('aria-hidden', 'true');
    expect(layer).toHaveClass('pointer-events-none', 'fixed');
    expect(field.particles).toHaveLength(SPARKLE.perBurst);
    expect(field.particles[0]!.x).toBeCloseTo(40, -2);

    act(() => {
      vi.advanceTimersByTime(1000);
    }); // life is 1200 ms with this randomness
    expect(screen.getByTestId('sparkle-layer')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(screen.queryByTestId('sparkle-layer')).toBeNull();
    expect(field.particles).toHaveLength(0);
  });

  it('keeps at most 250 particles however many bursts arrive', () => {
    const field = createSparkleField();
    render(<SparkleLayer field={field} />);
    act(() => {
      for (let i = 0; i < 30; i += 1) window.dispatchEvent(new CustomEvent(SPARKLE.eventName));
    });
    expect(field.particles).toHaveLength(SPARKLE.maxParticles);
  });

  it('draws nothing when the user asks for reduced motion', () => {
    reducedMotion(true);
    const field = createSparkleField();
    render(<SparkleLayer field={field} />);
    act(() => fireSparkle());
    expect(field.particles).toHaveLength(0);
    expect(screen.queryByTestId('sparkle-layer')).toBeNull();
  });
});
