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

/** Installs the shims for one test file (call at the top level of the file). */
export function installLayoutShims(): void {
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
