// jsdom has no layout: React Flow and Radix's popper need ResizeObserver and DOMMatrix, and
// React Flow draws nothing in a 0×0 container. These shims give every element the size its
// inline style or the default below says, so a rendered board has nodes to find.
import { vi } from 'vitest';

const DEFAULT_SIZE = { width: 1024, height: 768 };

class ResizeObserverShim {
  private readonly callback: ResizeObserverCallback;
  constructor(callback: ResizeObserverCallback) {
    this.callback = callback;
  }
  observe(target: Element) {
    const { width, height } = target.getBoundingClientRect();
    const entry = { target, contentRect: { width, height } } as unknown as ResizeObserverEntry;
    this.callback([entry], this);
  }
  unobserve() {}
  disconnect() {}
}

class DOMMatrixShim {
  m22: number;
  constructor(transform?: string) {
    const scale = /scale\(([\d.]+)\)/.exec(transform ?? '');
    this.m22 = scale ? Number(scale[1]) : 1;
  }
}

/** The members the shims replace on shared prototypes, as jsdom defined them. */
const PATCHED: readonly [object, string][] = [
  [HTMLElement.prototype, 'offsetWidth'],
  [HTMLElement.prototype, 'offsetHeight'],
  [HTMLElement.prototype, 'clientWidth'],
  [HTMLElement.prototype, 'clientHeight'],
  [HTMLElement.prototype, 'getBoundingClientRect'],
  [HTMLElement.prototype, 'setPointerCapture'],
  [HTMLElement.prototype, 'releasePointerCapture'],
  [HTMLElement.prototype, 'hasPointerCapture'],
  [HTMLElement.prototype, 'scrollIntoView'],
  [SVGElement.prototype, 'getBBox'],
];
let original: (PropertyDescriptor | undefined)[] | undefined;

/**
 * Installs the shims for one test (call it in `beforeEach`: stubbed globals are restored after
 * each test). The files of a worker share one jsdom, so `removeLayoutShims` (the setup file,
 * after each file) gives the prototypes back what jsdom had.
 */
export function installLayoutShims(): void {
  original ??= PATCHED.map(([proto, key]) => Object.getOwnPropertyDescriptor(proto, key));
  vi.stubGlobal('ResizeObserver', ResizeObserverShim);
  vi.stubGlobal('DOMMatrixReadOnly', DOMMatrixShim);
  const sizeOf = (el: HTMLElement) => ({
    width: parseFloat(el.style.width) || DEFAULT_SIZE.width,
    height: parseFloat(el.style.height) || DEFAULT_SIZE.height,
  });
  Object.defineProperties(HTMLElement.prototype, {
    offsetWidth: {
      configurable: true,
      get: function (this: HTMLElement) {
        return sizeOf(this).width;
      },
    },
    offsetHeight: {
      configurable: true,
      get: function (this: HTMLElement) {
        return sizeOf(this).height;
      },
    },
    clientWidth: {
      configurable: true,
      get: function (this: HTMLElement) {
        return sizeOf(this).width;
      },
    },
    clientHeight: {
      configurable: true,
      get: function (this: HTMLElement) {
        return sizeOf(this).height;
      },
    },
  });
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    const { width, height } = sizeOf(this);
    return {
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      width,
      height,
      right: width,
      bottom: height,
      toJSON: () => ({}),
    };
  };
  (SVGElement.prototype as unknown as SVGGraphicsElement).getBBox = () =>
    ({ x: 0, y: 0, width: 0, height: 0 }) as DOMRect;
  if (!HTMLElement.prototype.setPointerCapture) {
    HTMLElement.prototype.setPointerCapture = () => {};
    HTMLElement.prototype.releasePointerCapture = () => {};
    HTMLElement.prototype.hasPointerCapture = () => false;
  }
  if (!HTMLElement.prototype.scrollIntoView) HTMLElement.prototype.scrollIntoView = () => {};
}

/** Gives the prototypes back the members jsdom defined (or none, where it had none). */
export function removeLayoutShims(): void {
  const saved = original;
  if (!saved) return;
  PATCHED.forEach(([proto, key], i) => {
    const descriptor = saved[i];
    if (descriptor) Object.defineProperty(proto, key, descriptor);
    else delete (proto as Record<string, unknown>)[key];
  });
  original = undefined;
}
