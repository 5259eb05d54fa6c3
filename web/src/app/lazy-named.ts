import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** React.lazy for a named export: `lazyNamed(() => import('./x').then((m) => m.X))`. */
export function lazyNamed<P extends object>(
  loader: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await loader() }));
}
